// Hand-written: the stateful simulator behind the generated handler protocol. It plays the
// OpenNotification server: subscriptions, identity, tags, sessions, events and targeting.
import Foundation
import OpenNotificationCore
import SpecsmithMock
import SpecsmithRuntime

/// The OpenNotification server as a test double, with the behaviour this module's README describes.
public final class OpenNotificationSimulator: OpenNotificationHandler {
    typealias ErrorCode = OpenNotification.ErrorCode

    let state = Locked(SimulatorState())
    let now: @Sendable () -> Date

    /// A simulator whose clock is `now`, for session pings that carry no time of their own.
    public init(now: @escaping @Sendable () -> Date = { Date() }) {
        self.now = now
    }

    // MARK: - Test controls

    /// Forgets everything.
    public func reset() {
        state.withLock { $0 = SimulatorState() }
    }

    /// Every subscription, oldest first.
    public var subscriptions: [OpenNotification.Subscription] {
        state.withLock { state in state.order.compactMap { state.records[$0]?.subscription } }
    }

    /// The subscription with `id`.
    public func subscription(_ id: String) -> OpenNotification.Subscription? {
        state.withLock { $0.records[id]?.subscription }
    }

    /// The device token a subscription holds, or `nil` when another installation took it over.
    public func token(of subscriptionID: String) -> String? {
        state.withLock { $0.records[subscriptionID]?.token }
    }

    /// What was sent to APNs for a campaign, in targeting order.
    public func deliveries(campaignID: String) -> [APNsDelivery] {
        state.withLock { state in
            (state.campaigns[campaignID]?.messages ?? []).compactMap { state.deliveries[$0] }
        }
    }

    /// What was sent to a subscription, oldest first.
    public func deliveries(to subscriptionID: String) -> [APNsDelivery] {
        state.withLock { state in
            state.campaignOrder.flatMap { state.campaigns[$0]?.messages ?? [] }.compactMap { state.deliveries[$0] }
                .filter { $0.subscriptionID == subscriptionID }
        }
    }

    /// The message with `msgID`.
    public func delivery(msgID: String) -> APNsDelivery? {
        state.withLock { $0.deliveries[msgID] }
    }

    // MARK: - Shared checks

    func requireAppKey(_ context: MockRequest) throws(MockFailure) {
        guard context.header("X-App-Key") == OpenNotificationTestData.appKey else {
            throw ErrorCode.invalidAppKey.mockFailure
        }
    }

    func requireServerKey(_ context: MockRequest) throws(MockFailure) {
        guard context.header("X-Api-Key") == OpenNotificationTestData.serverKey else {
            throw ErrorCode.invalidApiKey.mockFailure
        }
    }

    /// Applies `change` to an existing subscription and answers it.
    func updating(
        _ id: String, _ context: MockRequest,
        _ change: (inout SimulatorState.Record) throws(MockFailure) -> Void
    ) throws(MockFailure) -> OpenNotification.Subscription {
        try requireAppKey(context)
        return try state.withLock { state throws(MockFailure) in
            guard var record = state.records[id] else { throw ErrorCode.unknownSubscription.mockFailure }
            try change(&record)
            state.records[id] = record
            return record.subscription
        }
    }

    /// A request whose fields are all optional still needs its JSON object, and an optional field is
    /// left out rather than sent as null (as the OpenAPI export says): either is a 400.
    static func requireBody(_ context: MockRequest) throws(MockFailure) {
        if context.body.isEmpty { throw .badRequest("the request needs a JSON body") }
        if let path = nullMember(in: try? JSONSerialization.jsonObject(with: context.body), at: "") {
            throw .badRequest("\(path): null is not allowed; leave the field out")
        }
    }

    private static func nullMember(in value: Any?, at path: String) -> String? {
        switch value {
        case let object as [String: Any]:
            for key in object.keys.sorted() {
                let member = path.isEmpty ? key : "\(path).\(key)"
                if object[key] is NSNull { return member }
                if let found = nullMember(in: object[key], at: member) { return found }
            }
        case let array as [Any]:
            for (index, element) in array.enumerated() {
                if let found = nullMember(in: element, at: "\(path)[\(index)]") { return found }
            }
        default:
            break
        }
        return nil
    }
}
