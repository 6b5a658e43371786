// Hand-written: UIKit's "did become active" and APNs registration exist only on iOS; elsewhere the
// host fires ManualLifecycle itself.
import Foundation

#if canImport(UIKit)
    import UIKit

    /// Observes `UIApplication.didBecomeActiveNotification`.
    public struct UIApplicationLifecycle: LifecycleEvents {
        /// The app's lifecycle.
        public init() {}

        /// Calls `handler` each time the app becomes active.
        public func observeBecomingActive(_ handler: @escaping @Sendable () -> Void) {
            _ = NotificationCenter.default.addObserver(
                forName: UIApplication.didBecomeActiveNotification, object: nil, queue: .main
            ) { _ in handler() }
        }
    }

    /// `UIApplication.shared` exists in apps only; an extension never registers for pushes.
    @available(iOSApplicationExtension, unavailable)
    @MainActor
    enum UIApplicationRegistration {
        static func register() {
            UIApplication.shared.registerForRemoteNotifications()
        }
    }
#endif

extension OpenNotification.Installation {
    /// The system's authoriser on Apple platforms; on Linux one that answers no, as there is no prompt.
    @available(iOSApplicationExtension, unavailable)
    public static var defaultAuthorizer: any NotificationAuthorizer {
        #if canImport(UserNotifications)
            UserNotificationsAuthorizer()
        #else
            ScriptedAuthorizer(granted: false)
        #endif
    }

    /// UIKit's lifecycle on iOS; elsewhere none, and the host calls `trackSession()` itself.
    public static var defaultLifecycle: (any LifecycleEvents)? {
        #if canImport(UIKit)
            UIApplicationLifecycle()
        #else
            nil
        #endif
    }
}
