// Hand-written: the simulator's fixed values, named so tests and examples use them instead of copies.
import Foundation

/// The keys and rules the OpenNotification simulator works with.
public enum OpenNotificationTestData {
    /// The app key the simulator accepts in `X-App-Key`.
    public static let appKey = "pk_test_opennotification"
    /// The server API key the simulator accepts in `X-Api-Key`; the app key is refused there.
    public static let serverKey = "sk_test_opennotification"
    /// Silence after which a session ping counts as a new session: 30 minutes.
    public static let sessionGap: TimeInterval = 30 * 60
    /// The most buttons a notification may have.
    public static let maxActions = 4
    /// The largest APNs payload, in bytes: APNs refuses bigger ones.
    public static let maxPayloadBytes = 4096
}
