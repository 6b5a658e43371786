// Hand-written: the message the app's closures receive is read from an APNs userInfo dictionary,
// whose shape is set by APNs and the server's payload, not by a spec endpoint.
import Foundation

/// A push notification as the app sees it: what it says, where it leads, its buttons and data.
public struct OpenNotificationMessage: Sendable, Hashable {
    /// The message's identifier (`on.i`); every event of it is reported under this id.
    public let msgId: String?
    /// The campaign it belongs to (`on.c`).
    public let campaignId: String?
    /// The alert's title; empty for a silent push.
    public let title: String
    /// The alert's text; empty for a silent push.
    public let body: String
    /// The image URL the notification service extension attaches (`on.img`).
    public let image: String?
    /// Where a tap leads (`on.u`).
    public let url: String?
    /// The buttons (`on.a`), malformed ones left out.
    public let actions: [NotificationAction]
    /// The button the user tapped, if the tap was on a button.
    public let actionId: String?
    /// The campaign's data (`on.d`).
    public let data: [String: String]
    /// A background push with no alert, delivered through `didReceiveBackground(userInfo:completion:)`.
    public let silent: Bool

    /// Creates a message from its parts.
    public init(
        msgId: String? = nil, campaignId: String? = nil, title: String = "", body: String = "", image: String? = nil,
        url: String? = nil, actions: [NotificationAction] = [], actionId: String? = nil, data: [String: String] = [:],
        silent: Bool = false
    ) {
        self.msgId = msgId
        self.campaignId = campaignId
        self.title = title
        self.body = body
        self.image = image
        self.url = url
        self.actions = actions
        self.actionId = actionId
        self.data = data
        self.silent = silent
    }

    /// The same message after a tap on the button `actionId` (`nil` for the body).
    public func tapped(actionId: String?) -> OpenNotificationMessage {
        OpenNotificationMessage(
            msgId: msgId, campaignId: campaignId, title: title, body: body, image: image, url: url, actions: actions,
            actionId: actionId, data: data, silent: silent)
    }

    /// The button that was tapped, if it is one of ``actions``.
    public var tappedAction: NotificationAction? {
        actions.first { $0.id == actionId }
    }
}

/// A button of a notification.
public struct NotificationAction: Sendable, Hashable, Codable {
    /// Reported as `actionId` when tapped.
    public let id: String
    /// The button's title.
    public let title: String
    /// Where the button leads, if anywhere.
    public let url: String?

    /// Creates a button.
    public init(id: String, title: String, url: String? = nil) {
        self.id = id
        self.title = title
        self.url = url
    }
}
