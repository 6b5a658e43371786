// Not a manual block: a notification delegate as Xcode's protocol stubs write it, each completion
// `@escaping @Sendable` as Apple declares it, and handed to another task. Xcode accepts it, so the
// interfaces must too: with completions that are not Sendable, this was refused here. Type-checked
// by AppleInterfaces/check.sh in every configuration; never run.
import UIKit
import UserNotifications

final class NotificationStubs: NSObject, UNUserNotificationCenterDelegate {
    func userNotificationCenter(
        _ center: UNUserNotificationCenter, willPresent notification: UNNotification,
        withCompletionHandler completionHandler: @escaping @Sendable (UNNotificationPresentationOptions) -> Void
    ) {
        Task { @MainActor in completionHandler([.banner, .sound]) }
    }

    func userNotificationCenter(
        _ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
        withCompletionHandler completionHandler: @escaping @Sendable () -> Void
    ) {
        Task.detached { completionHandler() }
    }
}
