// The notification service extension of an app that uses OpenNotification. Replace the
// NotificationService.swift Xcode generated with this file, link the OpenNotificationExtension
// library (not OpenNotification, which holds app-only API) to the extension target, and add to the
// extension's Info.plist the String key OpenNotificationApiUrl (your API's base URL): the extension
// is a separate process and cannot read the app's configuration. With the String key
// OpenNotificationAppGroup (an App Group that app and extension both belong to) in both Info.plists,
// a delivered report the extension cannot send waits there and the app sends it; without it, it is
// dropped.
//
// Kept out of the package's build (see Package.swift): it needs UserNotifications at run time.
#if canImport(UserNotifications)
    import OpenNotificationExtension
    import UserNotifications

    // `nonisolated`: iOS calls an extension off the main thread, and UNNotificationServiceExtension's
    // methods are nonisolated, also where a target's default isolation is the main actor (Xcode 26).
    nonisolated class NotificationService: UNNotificationServiceExtension {
        private var handler: NotificationServiceHandler?

        override func didReceive(
            _ request: UNNotificationRequest,
            withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void
        ) {
            let info = Bundle.main.infoDictionary
            let handler = NotificationServiceHandler(
                apiURL: NotificationServiceHandler.apiURL(infoDictionary: info),
                sharedReports: SharedDeliveredReports.appGroup(infoDictionary: info))
            self.handler = handler
            // Handed back exactly once, from whichever thread finishes; iOS accepts the content from any thread.
            nonisolated(unsafe) let original = request.content
            nonisolated(unsafe) let contentHandler = contentHandler
            handler.start(userInfo: request.content.userInfo) { result in
                Self.deliver(result, original: original, to: contentHandler)
            }
        }

        override func serviceExtensionTimeWillExpire() {
            // The handler answers at once with the best content so far; it calls back only once.
            handler?.timeWillExpire()
        }

        private static func deliver(
            _ result: NotificationServiceContent, original: UNNotificationContent,
            to contentHandler: @escaping (UNNotificationContent) -> Void
        ) {
            guard let content = original.mutableCopy() as? UNMutableNotificationContent else {
                return contentHandler(original)
            }
            if let file = result.attachmentURL,
                let attachment = try? UNNotificationAttachment(identifier: "image", url: file, options: nil)
            {
                content.attachments = [attachment]
            }
            guard let category = result.categoryIdentifier else { return contentHandler(content) }
            content.categoryIdentifier = category
            let actions = result.actions.map {
                UNNotificationAction(identifier: $0.id, title: $0.title, options: [.foreground])
            }
            // The completion below runs on another thread; these are handed over, never shared. The
            // notification center is not Sendable, so the completion takes `current()` again.
            nonisolated(unsafe) let new = UNNotificationCategory(
                identifier: category, actions: actions, intentIdentifiers: [], options: [])
            // Nothing here touches `content` after the completion gets it, and the handler is called once.
            nonisolated(unsafe) let ready = content
            nonisolated(unsafe) let contentHandler = contentHandler
            // iOS shows the buttons of a category only once it is registered; keep the ones already there.
            UNUserNotificationCenter.current().getNotificationCategories { existing in
                UNUserNotificationCenter.current().setNotificationCategories(
                    existing.filter { $0.identifier != category }.union([new]))
                contentHandler(ready)
            }
        }
    }
#endif
