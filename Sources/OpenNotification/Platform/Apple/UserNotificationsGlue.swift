// Hand-written: the Apple-only glue. UserNotifications and UIKit exist only there, so their types are
// converted to the SDK's value types here, behind `#if canImport`, as the seed does.
#if canImport(UserNotifications)
    import Foundation
    import UserNotifications

    #if !canImport(UIKit) && canImport(AppKit)
        import AppKit
    #endif

    extension NotificationResponse {
        /// The payload and action of a real response.
        public init(_ response: UNNotificationResponse) {
            self.init(
                userInfo: response.notification.request.content.userInfo, actionIdentifier: response.actionIdentifier)
        }
    }

    extension ReceivedNotification {
        /// The payload of a real notification.
        public init(_ notification: UNNotification) {
            self.init(userInfo: notification.request.content.userInfo)
        }
    }

    extension OpenNotification.Installation {
        /// Hands over a tap on a notification or one of its buttons, from
        /// `userNotificationCenter(_:didReceive:withCompletionHandler:)`.
        public func didReceive(response: UNNotificationResponse) {
            didReceive(response: NotificationResponse(response))
        }

        /// Hands over a push that arrived in the foreground, from
        /// `userNotificationCenter(_:willPresent:withCompletionHandler:)`.
        public func willPresent(notification: UNNotification) {
            willPresent(notification: ReceivedNotification(notification))
        }
    }

    /// Asks UNUserNotificationCenter for alert, sound and badge permission, then registers the app
    /// for pushes through `UIApplication`, which app extensions do not have.
    @available(iOSApplicationExtension, unavailable)
    public struct UserNotificationsAuthorizer: NotificationAuthorizer {
        /// The system authoriser.
        public init() {}

        /// Asks for alert, sound and badge permission; `false` when refused or when asking failed.
        public func requestAuthorization() async -> Bool {
            (try? await UNUserNotificationCenter.current().requestAuthorization(options: [.alert, .sound, .badge]))
                ?? false
        }

        /// Registers the app with APNs; the device token comes to the app delegate.
        public func registerForRemoteNotifications() async {
            #if canImport(UIKit)
                await MainActor.run { UIApplicationRegistration.register() }
            #elseif canImport(AppKit)
                await MainActor.run { NSApplication.shared.registerForRemoteNotifications() }
            #endif
        }
    }
#endif
