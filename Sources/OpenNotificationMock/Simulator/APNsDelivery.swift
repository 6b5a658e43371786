// Hand-written: the simulator does not talk to APNs; it records the exact payload it would send, so
// tests can check it and an iOS simulator can receive it with `xcrun simctl push`.
import Foundation

/// One message the simulator would have sent to APNs: to whom, and the payload's exact bytes.
public struct APNsDelivery: Sendable, Hashable {
    /// The message's id, `on.i` in the payload; events are reported under it.
    public let msgID: String
    /// The campaign it belongs to.
    public let campaignID: String
    /// The subscription it went to.
    public let subscriptionID: String
    /// The device token, hex.
    public let token: String
    /// The APNs payload as JSON, keys sorted.
    public let payload: Data

    /// The payload as a dictionary, as iOS hands it to the app as `userInfo`.
    public var userInfo: [AnyHashable: Any] {
        (try? JSONSerialization.jsonObject(with: payload) as? [String: Any]) ?? [:]
    }

    /// The payload as a `.apns` file for `xcrun simctl push <device> <file>`: the payload plus the
    /// `Simulator Target Bundle` key naming the app.
    public func simctlFile(bundleID: String) -> Data {
        var object = (try? JSONSerialization.jsonObject(with: payload) as? [String: Any]) ?? [:]
        object["Simulator Target Bundle"] = bundleID
        return (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .prettyPrinted])) ?? payload
    }

    /// Writes ``simctlFile(bundleID:)`` to `url`.
    public func writeSimctlFile(to url: URL, bundleID: String) throws {
        try simctlFile(bundleID: bundleID).write(to: url, options: .atomic)
    }
}

extension APNsDelivery {
    /// The payload the server sends for a notification: `mutable-content: 1` always (it wakes the
    /// service extension), `aps.category` = `on_<campaignId>`, and the `on` dictionary (`i` message,
    /// `c` campaign, `img`, `u`, `a` buttons as `{i, t, u}`, `d` data). A silent push carries
    /// `content-available: 1` and no alert.
    static func payload(msgID: String, campaignID: String, content: NotificationContent) -> Data {
        var aps: [String: Any] = ["mutable-content": 1, "category": "on_\(campaignID)"]
        if content.silent {
            aps["content-available"] = 1
        } else {
            aps["alert"] = ["title": content.title, "body": content.body]
            aps["sound"] = "default"
        }
        var on: [String: Any] = ["i": msgID, "c": campaignID]
        if let image = content.image { on["img"] = image }
        if let url = content.url { on["u"] = url }
        if !content.actions.isEmpty {
            on["a"] = content.actions.map { action -> [String: Any] in
                var entry: [String: Any] = ["i": action.id, "t": action.title]
                if let url = action.url { entry["u"] = url }
                return entry
            }
        }
        if !content.data.isEmpty { on["d"] = content.data }
        return (try? JSONSerialization.data(withJSONObject: ["aps": aps, "on": on], options: [.sortedKeys])) ?? Data()
    }

    /// What a notification shows, taken from the send request.
    struct NotificationContent {
        var title: String
        var body: String
        var image: String?
        var url: String?
        var actions: [(id: String, title: String, url: String?)]
        var data: [String: String]
        var silent: Bool
    }
}
