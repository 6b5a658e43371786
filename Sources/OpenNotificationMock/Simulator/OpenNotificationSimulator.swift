// Hand-written: the stateful simulator behind the generated handler protocol. It plays the
// OpenNotification server: subscriptions, identity, tags, sessions, events and targeting.
import Foundation
import OpenNotification
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

    static func requireNonEmpty(_ text: String) throws(MockFailure) {
        if text.trimmingCharacters(in: .whitespaces).isEmpty { throw ErrorCode.invalidValue.mockFailure }
    }
}
