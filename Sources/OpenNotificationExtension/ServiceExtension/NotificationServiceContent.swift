// Hand-written: what the notification service extension hands back to iOS, as a value the
// UserNotifications template converts; UNMutableNotificationContent exists only on Apple platforms.
import Foundation

/// The content a notification service extension run produced: the best it had when it finished or
/// when time ran out.
public struct NotificationServiceContent: Sendable, Hashable {
    /// The alert's title, unchanged.
    public var title: String
    /// The alert's text, unchanged.
    public var body: String
    /// `on_<campaignId>` when the message has buttons: the category to register and set, so iOS shows them.
    public var categoryIdentifier: String?
    /// The buttons of that category.
    public var actions: [NotificationAction]
    /// The downloaded image, a local file to attach; `nil` when there was none, it failed or time ran out.
    public var attachmentURL: URL?
    /// Whether the server acknowledged the delivered report in time.
    public var deliveredReported: Bool

    /// Creates content from its parts.
    public init(
        title: String, body: String, categoryIdentifier: String? = nil, actions: [NotificationAction] = [],
        attachmentURL: URL? = nil, deliveredReported: Bool = false
    ) {
        self.title = title
        self.body = body
        self.categoryIdentifier = categoryIdentifier
        self.actions = actions
        self.attachmentURL = attachmentURL
        self.deliveredReported = deliveredReported
    }
}
