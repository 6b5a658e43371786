// Hand-written: which App Group app and extension share is the app's Info.plist setting, and its
// folder comes from Foundation on Apple platforms only; the rest of the store is headless.
import Foundation

extension SharedDeliveredReports {
    /// The Info.plist key, in the app's and the extension's, holding the App Group both belong to
    /// (`group.com.example.app`).
    public static let appGroupKey = "OpenNotificationAppGroup"

    /// The identifier of the App Group named under ``appGroupKey`` in an Info.plist, if any.
    public static func appGroupIdentifier(infoDictionary: [String: Any]?) -> String? {
        guard let group = infoDictionary?[appGroupKey] as? String, !group.isEmpty else { return nil }
        return group
    }

    /// The reports in the container of the App Group that `infoDictionary` names; `nil` without a
    /// group, when the process does not belong to it (the entitlement is missing), and off Apple
    /// platforms, which have no App Groups.
    public static func appGroup(
        infoDictionary: [String: Any]? = Bundle.main.infoDictionary, fileManager: FileManager = .default
    ) -> SharedDeliveredReports? {
        guard let group = appGroupIdentifier(infoDictionary: infoDictionary),
            let container = containerURL(group: group, fileManager: fileManager)
        else { return nil }
        return SharedDeliveredReports(directory: container)
    }

    private static func containerURL(group: String, fileManager: FileManager) -> URL? {
        #if canImport(UserNotifications)
            // App Groups exist where notification extensions do: iOS, iPadOS, macOS, watchOS.
            fileManager.containerURL(forSecurityApplicationGroupIdentifier: group)
        #else
            nil
        #endif
    }
}
