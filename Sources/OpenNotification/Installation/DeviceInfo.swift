// Hand-written: what a registration says about the device comes from the platform, not the spec.
import Foundation

#if canImport(UIKit)
    import UIKit
#endif

/// What `didRegister(deviceToken:)` reports about the device besides its token.
public struct DeviceInfo: Sendable, Hashable {
    /// The SDK's version.
    public static let sdkVersion = "0.1.0"

    /// The operating system's version, such as `17.4.1`.
    public var osVersion: String
    /// The hardware identifier, such as `iPhone15,2`.
    public var deviceModel: String
    /// The app's marketing version (`CFBundleShortVersionString`).
    public var appVersion: String?
    /// The device's preferred language, BCP 47; an explicit `setLanguage` wins over it.
    public var language: String
    /// The IANA time zone.
    public var timeZone: String
    /// The region, ISO 3166-1 alpha-2.
    public var country: String?

    /// Creates a description of a device.
    public init(
        osVersion: String, deviceModel: String, appVersion: String?, language: String, timeZone: String,
        country: String?
    ) {
        self.osVersion = osVersion
        self.deviceModel = deviceModel
        self.appVersion = appVersion
        self.language = language
        self.timeZone = timeZone
        self.country = country
    }

    /// This device, as the system describes it now.
    public static var current: DeviceInfo {
        let version = ProcessInfo.processInfo.operatingSystemVersion
        let locale = Locale.current.identifier.split(separator: "@")[0].replacingOccurrences(of: "-", with: "_")
        let parts = locale.split(separator: "_")
        let region = parts.count > 1 ? String(parts[parts.count - 1]) : nil
        return DeviceInfo(
            osVersion: "\(version.majorVersion).\(version.minorVersion).\(version.patchVersion)",
            deviceModel: machine, appVersion: Bundle.main.infoDictionary?["CFBundleShortVersionString"] as? String,
            language: Locale.preferredLanguages.first.map { String($0.split(separator: "-")[0]) } ?? "en",
            timeZone: TimeZone.current.identifier,
            country: region.flatMap { $0.count == 2 && $0.uppercased() == $0 ? $0 : nil })
    }

    /// The hardware identifier, such as `iPhone15,2` or `x86_64`.
    private static var machine: String {
        var info = utsname()
        uname(&info)
        return withUnsafeBytes(of: &info.machine) { bytes in
            String(decoding: bytes.prefix(while: { $0 != 0 }), as: UTF8.self)
        }
    }
}
