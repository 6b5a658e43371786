// Hand-written: UNNotificationResponse and UNNotification exist only on Apple platforms. These value
// types carry what the SDK reads from them, so the same flows run and are tested on Linux.
import Foundation

/// What `UNNotificationResponse` tells the SDK: the payload and what the user tapped.
public struct NotificationResponse {
    /// The action identifier of a tap on the notification's body (UNNotificationDefaultActionIdentifier).
    public static let defaultActionIdentifier = "com.apple.UNNotificationDefaultActionIdentifier"
    /// The action identifier of a dismissal (UNNotificationDismissActionIdentifier).
    public static let dismissActionIdentifier = "com.apple.UNNotificationDismissActionIdentifier"

    /// The notification's `userInfo`.
    public var userInfo: [AnyHashable: Any]
    /// The tapped button's identifier, or one of the two system identifiers.
    public var actionIdentifier: String

    /// Creates a response; a tap on the body unless `actionIdentifier` names a button.
    public init(userInfo: [AnyHashable: Any], actionIdentifier: String = NotificationResponse.defaultActionIdentifier) {
        self.userInfo = userInfo
        self.actionIdentifier = actionIdentifier
    }

    /// The tapped button's id, or `nil` for the body or a dismissal.
    var actionId: String? {
        [Self.defaultActionIdentifier, Self.dismissActionIdentifier].contains(actionIdentifier)
            ? nil : actionIdentifier
    }
}

/// What `UNNotification` tells the SDK when a push arrives in the foreground: its payload.
public struct ReceivedNotification {
    /// The notification's `userInfo`.
    public var userInfo: [AnyHashable: Any]

    /// Creates a notification with `userInfo`.
    public init(userInfo: [AnyHashable: Any]) {
        self.userInfo = userInfo
    }
}
