// Hand-written: asking for notification permission is a platform call (UNUserNotificationCenter);
// tests and Linux substitute a scripted answer.
import Foundation

/// Asks the user for permission to show notifications and registers with APNs.
public protocol NotificationAuthorizer: Sendable {
    /// Shows the system prompt (or answers from the saved choice) and returns whether alerts are allowed.
    func requestAuthorization() async -> Bool
    /// Asks APNs for a device token; it arrives later through `didRegister(deviceToken:)`.
    func registerForRemoteNotifications() async
}

/// An authoriser that answers as scripted: tests, examples, and Linux, where there is no prompt.
public struct ScriptedAuthorizer: NotificationAuthorizer {
    /// The user's answer.
    public var granted: Bool
    /// What registering does; an app in a test hands a token to `didRegister(deviceToken:)` here.
    public var onRegister: @Sendable () async -> Void

    /// An authoriser that answers `granted` and runs `onRegister` when asked to register.
    public init(granted: Bool, onRegister: @escaping @Sendable () async -> Void = {}) {
        self.granted = granted
        self.onRegister = onRegister
    }

    public func requestAuthorization() async -> Bool { granted }

    public func registerForRemoteNotifications() async { await onRegister() }
}
