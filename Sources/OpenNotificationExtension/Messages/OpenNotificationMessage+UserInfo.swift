// Hand-written: APNs userInfo is an untyped dictionary; this reads it without ever trapping.
import Foundation

extension OpenNotificationMessage {
    /// The notification category the server sets in `aps.category` for a campaign with buttons.
    public static func categoryIdentifier(campaignId: String) -> String { "on_\(campaignId)" }

    /// Reads an APNs `userInfo` dictionary.
    ///
    /// `aps.alert` may be a string (the body) or a dictionary with `title` and `body`; the rest sits
    /// under `on`: `i` message id, `c` campaign id, `img` image, `u` url, `a` buttons (`{i, t, u?}`),
    /// `d` data. Missing keys and values of the wrong type are ignored, malformed buttons are
    /// skipped, numbers and booleans in `d` become strings. A push with `content-available: 1` and no
    /// alert is ``silent``.
    ///
    /// - Parameters:
    ///   - userInfo: The notification's payload, as UIKit or UserNotifications hand it over.
    ///   - actionId: The button tapped, if any.
    public init(userInfo: [AnyHashable: Any], actionId: String? = nil) {
        let aps = userInfo["aps"] as? [String: Any] ?? [:]
        let on = userInfo["on"] as? [String: Any] ?? [:]
        var title = ""
        var body = ""
        if let text = aps["alert"] as? String {
            body = text
        } else if let alert = aps["alert"] as? [String: Any] {
            title = alert["title"] as? String ?? ""
            body = alert["body"] as? String ?? ""
        }
        let contentAvailable = ["1", "true"].contains(Self.string(aps["content-available"]))
        self.init(
            msgId: Self.nonEmpty(on["i"]), campaignId: Self.nonEmpty(on["c"]), title: title, body: body,
            image: Self.nonEmpty(on["img"]), url: Self.nonEmpty(on["u"]), actions: Self.actions(on["a"]),
            actionId: actionId, data: Self.data(on["d"]),
            silent: contentAvailable && title.isEmpty && body.isEmpty)
    }

    private static func actions(_ value: Any?) -> [NotificationAction] {
        guard let list = value as? [Any] else { return [] }
        var seen: Set<String> = []
        return list.compactMap { item in
            guard let entry = item as? [String: Any], let id = nonEmpty(entry["i"]), let title = nonEmpty(entry["t"]),
                seen.insert(id).inserted
            else { return nil }
            return NotificationAction(id: id, title: title, url: nonEmpty(entry["u"]))
        }
    }

    private static func data(_ value: Any?) -> [String: String] {
        guard let dictionary = value as? [String: Any] else { return [:] }
        return dictionary.compactMapValues(string)
    }

    private static func nonEmpty(_ value: Any?) -> String? {
        guard let text = value as? String, !text.isEmpty else { return nil }
        return text
    }

    /// A string, or a number or boolean written as one; `nil` for anything else.
    private static func string(_ value: Any?) -> String? {
        guard let value else { return nil }
        if let text = value as? String { return text }
        // JSON booleans arrive as `__NSCFBoolean`, literals as `Bool`; both also cast to NSNumber.
        let typeName = String(describing: type(of: value))
        if typeName == "Bool" || typeName == "__NSCFBoolean", let flag = value as? Bool {
            return flag ? "true" : "false"
        }
        if let number = value as? NSNumber { return number.stringValue }
        return nil
    }
}
