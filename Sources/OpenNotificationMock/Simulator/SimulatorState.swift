// Hand-written: what the OpenNotification simulator remembers between calls.
import Foundation
import OpenNotificationCore
import SpecsmithMock

/// Subscriptions, campaigns, the messages sent and the events counted.
struct SimulatorState: Sendable {
    struct Record: Sendable {
        var subscription: OpenNotification.Subscription
        var installationID: String
        /// `nil` once another installation took the token over.
        var token: String?
        var registrations = 1
    }

    struct Campaign: Sendable {
        var id: String
        var target: OpenNotification.Target
        var messages: [String]
    }

    /// Subscriptions by id, in the order they were created.
    var records: [String: Record] = [:]
    var order: [String] = []
    var byInstallation: [String: String] = [:]
    var campaigns: [String: Campaign] = [:]
    var campaignOrder: [String] = []
    // What clients create is bounded (README, "State bounds"); the oldest go past the cap.
    var deliveries = BoundedStore<String, APNsDelivery>(lifetime: 7 * 24 * 3600, capacity: 100_000)
    /// Counted events, `msgId|event|actionId`.
    var events = BoundedSet<String>(lifetime: 7 * 24 * 3600, capacity: 100_000)
    var clicksByAction = BoundedStore<String, [String: Int]>(lifetime: 7 * 24 * 3600, capacity: 10_000)
    var counter = 0

    mutating func nextID(_ prefix: String) -> String {
        counter += 1
        return "\(prefix)-\(counter)"
    }
}

extension APNsDelivery {
    /// The ids of the message's buttons (`on.a[].i`): the only action ids a click may carry.
    var buttonIDs: Set<String> {
        let object = (try? JSONSerialization.jsonObject(with: payload)) as? [String: Any]
        let buttons = (object?["on"] as? [String: Any])?["a"] as? [[String: Any]] ?? []
        return Set(buttons.compactMap { $0["i"] as? String })
    }
}
