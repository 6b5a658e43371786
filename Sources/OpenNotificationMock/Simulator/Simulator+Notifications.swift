// Hand-written: targeting, the recorded APNs payloads, events and campaign counts in the simulator.
import Foundation
import OpenNotificationCore
import SpecsmithMock

extension OpenNotificationSimulator {
    /// Targets subscribed subscriptions by external id, tags or id, and records one APNs payload per
    /// subscription reached.
    public func sendNotification(_ request: OpenNotification.NotificationRequest, context: MockRequest)
        async throws(MockFailure) -> OpenNotification.NotificationResult
    {
        try requireServerKey(context)
        try Self.requireBody(context)
        let target = request.target
        let kinds = [target.externalIDs != nil, target.tags != nil, target.subscriptionIDs != nil].filter { $0 }
        guard kinds.count == 1 else { throw ErrorCode.invalidTarget.mockFailure }
        let content = try Self.content(of: request)
        // The longest ids the simulator hands out stand in for the real ones.
        let sample = APNsDelivery.payload(msgID: "msg-999999999", campaignID: "cmp-999999999", content: content)
        guard sample.count <= OpenNotificationTestData.maxPayloadBytes else {
            throw ErrorCode.invalidContent.mockFailure
        }
        return state.withLock { state in
            let campaignID = state.nextID("cmp")
            let reached = state.order.compactMap { state.records[$0] }.filter { record in
                record.subscription.subscribed && record.token != nil && Self.matches(record.subscription, target)
            }
            var messages: [String] = []
            for record in reached {
                let msgID = state.nextID("msg")
                state.deliveries[msgID] = APNsDelivery(
                    msgID: msgID, campaignID: campaignID, subscriptionID: record.subscription.id,
                    token: record.token ?? "",
                    payload: APNsDelivery.payload(msgID: msgID, campaignID: campaignID, content: content))
                messages.append(msgID)
            }
            state.campaigns[campaignID] = SimulatorState.Campaign(id: campaignID, target: target, messages: messages)
            state.campaignOrder.append(campaignID)
            return OpenNotification.NotificationResult(campaignID: campaignID, targeted: messages.count)
        }
    }

    /// Counts a delivered event once per message.
    public func reportDelivered(msgID: String, _ request: OpenNotification.EventReport, context: MockRequest)
        async throws(MockFailure) -> OpenNotification.EventResult
    {
        try Self.requireBody(context)
        return count(msgID: msgID, event: "delivered", actionID: nil)
    }

    /// Counts an opened event once per message.
    public func reportOpened(msgID: String, _ request: OpenNotification.EventReport, context: MockRequest)
        async throws(MockFailure) -> OpenNotification.EventResult
    {
        try Self.requireBody(context)
        return count(msgID: msgID, event: "opened", actionID: nil)
    }

    /// Counts a clicked event once per message and button.
    public func reportClicked(msgID: String, _ request: OpenNotification.EventReport, context: MockRequest)
        async throws(MockFailure) -> OpenNotification.EventResult
    {
        try Self.requireBody(context)
        return count(msgID: msgID, event: "clicked", actionID: request.actionID ?? "")
    }

    /// The counts of a campaign.
    public func campaignStats(campaignID: String, context: MockRequest) async throws(MockFailure)
        -> OpenNotification.CampaignStats
    {
        try requireServerKey(context)
        return try state.withLock { state throws(MockFailure) in
            guard let campaign = state.campaigns[campaignID] else { throw ErrorCode.unknownCampaign.mockFailure }
            func counted(_ event: String) -> Int {
                campaign.messages.filter { state.events.contains("\($0)|\(event)|") }.count
            }
            let clicks = state.clicksByAction[campaignID] ?? [:]
            return OpenNotification.CampaignStats(
                campaignID: campaignID, target: campaign.target, targeted: campaign.messages.count,
                delivered: counted("delivered"),
                opened: counted("opened"), clicked: clicks.values.reduce(0, +), clicksByAction: clicks)
        }
    }

    // MARK: - Helpers

    /// An event of a message the simulator sent counts once; any other is acknowledged and not counted.
    private func count(msgID: String, event: String, actionID: String?) -> OpenNotification.EventResult {
        state.withLock { state in
            // A click names one of the message's buttons; any other id would be a key a client invents.
            guard let delivery = state.deliveries[msgID], actionID.map(delivery.buttonIDs.contains) ?? true,
                state.events.insert("\(msgID)|\(event)|\(actionID ?? "")").inserted
            else { return OpenNotification.EventResult(counted: false) }
            if let actionID { state.clicksByAction[delivery.campaignID, default: [:]][actionID, default: 0] += 1 }
            return OpenNotification.EventResult(counted: true)
        }
    }

    static func matches(_ subscription: OpenNotification.Subscription, _ target: OpenNotification.Target) -> Bool {
        if let ids = target.externalIDs { return subscription.externalID.map(ids.contains) ?? false }
        if let ids = target.subscriptionIDs { return ids.contains(subscription.id) }
        return (target.tags ?? []).allSatisfy { filter in
            switch filter.relation {
            case .equals: subscription.tags[filter.key] == filter.value
            case .notEquals: subscription.tags[filter.key] != filter.value
            }
        }
    }

    static func content(of request: OpenNotification.NotificationRequest) throws(MockFailure)
        -> APNsDelivery.NotificationContent
    {
        let actions = request.actions ?? []
        let ids = actions.map(\.id)
        guard actions.count <= OpenNotificationTestData.maxActions, Set(ids).count == ids.count,
            !ids.contains(where: \.isEmpty)
        else { throw OpenNotification.ErrorCode.invalidContent.mockFailure }
        let title = request.title ?? ""
        let body = request.body ?? ""
        if !request.silent && (title.isEmpty || body.isEmpty) {
            throw OpenNotification.ErrorCode.invalidContent.mockFailure
        }
        return APNsDelivery.NotificationContent(
            title: title, body: body, image: request.image, url: request.url,
            actions: actions.map { ($0.id, $0.title, $0.url) }, data: request.data ?? [:], silent: request.silent)
    }
}
