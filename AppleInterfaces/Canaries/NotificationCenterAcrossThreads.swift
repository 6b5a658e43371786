// check: must fail in every mode
// Swift 6 only: Swift 5 mode does not check what a Sendable closure captures.
// A canary: UNUserNotificationCenter is not Sendable (Apple declares a plain NSObject subclass), so
// capturing one in the completion of getNotificationCategories, which runs on another thread, is refused.
import UserNotifications

func replaceCategories(with category: String) {
    let center = UNUserNotificationCenter.current()
    center.getNotificationCategories { existing in
        center.setNotificationCategories(existing.filter { $0.identifier != category })
    }
}
