// Hand-written: registration, identity, tags, language, unsubscribe and sessions in the simulator.
import Foundation
import OpenNotificationCore
import SpecsmithMock

extension OpenNotificationSimulator {
    /// An upsert by installation id: one subscription per installation, whatever its tokens. A token
    /// another installation held is taken from it, so a device never receives a message twice.
    public func registerSubscription(_ request: OpenNotification.Registration, context: MockRequest)
        async throws(MockFailure) -> OpenNotification.Subscription
    {
        try requireAppKey(context)
        try Self.requireBody(context)
        let token = request.token.rawValue
        let installation = request.installationID.rawValue
        return state.withLock { state in
            for (id, record) in state.records
            where record.token == token && record.installationID != installation {
                state.records[id]?.token = nil
                state.records[id]?.subscription.subscribed = false
            }
            if let id = state.byInstallation[installation], var record = state.records[id] {
                record.token = token
                record.registrations += 1
                record.subscription.subscribed = request.subscribed
                record.subscription.language = request.language.rawValue
                record.subscription.timeZone = request.timeZone
                record.subscription.country = request.country
                state.records[id] = record
                return record.subscription
            }
            let id = state.nextID("sub")
            let subscription = OpenNotification.Subscription(
                id: id, platform: request.platform, subscribed: request.subscribed, tags: [:],
                language: request.language.rawValue, timeZone: request.timeZone, country: request.country,
                sessionCount: 0)
            state.records[id] = SimulatorState.Record(
                subscription: subscription, installationID: installation, token: token)
            state.order.append(id)
            state.byInstallation[installation] = id
            return subscription
        }
    }

    /// Sets or clears the external id; one per subscription, so a login replaces the previous user.
    public func setIdentity(subscriptionID: String, _ request: OpenNotification.IdentityChange, context: MockRequest)
        async throws(MockFailure) -> OpenNotification.Subscription
    {
        try Self.requireBody(context)
        return try updating(subscriptionID, context) { $0.subscription.externalID = request.externalID?.rawValue }
    }

    /// Sets, then removes, tags.
    public func changeTags(subscriptionID: String, _ request: OpenNotification.TagChange, context: MockRequest)
        async throws(MockFailure) -> OpenNotification.Subscription
    {
        try Self.requireBody(context)
        return try updating(subscriptionID, context) { record in
            record.subscription.tags.merge(request.set ?? [:]) { _, new in new }
            for key in request.remove ?? [] { record.subscription.tags[key] = nil }
        }
    }

    /// Sets the language.
    public func setLanguage(subscriptionID: String, _ request: OpenNotification.LanguageChange, context: MockRequest)
        async throws(MockFailure) -> OpenNotification.Subscription
    {
        try Self.requireBody(context)
        return try updating(subscriptionID, context) { $0.subscription.language = request.language.rawValue }
    }

    /// Stops sends to the subscription until a registration with `subscribed: true`.
    public func unsubscribe(subscriptionID: String, context: MockRequest) async throws(MockFailure)
        -> OpenNotification.Subscription
    {
        try updating(subscriptionID, context) { $0.subscription.subscribed = false }
    }

    /// Counts a new session when 30 minutes or more passed since the last ping (or there was none).
    public func trackSession(subscriptionID: String, _ request: OpenNotification.SessionPing, context: MockRequest)
        async throws(MockFailure) -> OpenNotification.SessionResult
    {
        try Self.requireBody(context)
        let at = request.at ?? now()
        var result = OpenNotification.SessionResult(newSession: false, sessionCount: 0, lastSessionAt: at)
        _ = try updating(subscriptionID, context) { record in
            let last = record.subscription.lastSessionAt
            if let last, at < last {
                // A late ping from before the last one: neither a session nor newer activity.
                result = .init(newSession: false, sessionCount: record.subscription.sessionCount, lastSessionAt: last)
                return
            }
            let isNew = last.map { at.timeIntervalSince($0) >= OpenNotificationTestData.sessionGap } ?? true
            if isNew { record.subscription.sessionCount += 1 }
            record.subscription.lastSessionAt = at
            result = .init(newSession: isNew, sessionCount: record.subscription.sessionCount, lastSessionAt: at)
        }
        return result
    }
}
