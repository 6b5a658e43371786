// Hand-written: the queue's sending loop. One loop at a time sends the oldest operation it may send,
// repeats it with backoff on transient failures, and removes it only once it is answered.
import Foundation
import SpecsmithRuntime

extension OpenNotification.Installation {
    /// The outcome of sending one operation.
    enum SendOutcome {
        case done(subscriptionID: String?)
        case failed(OpenNotification.Failure)
    }

    /// Starts the sending loop unless it runs already or nothing can be sent.
    func kick() {
        runtime.withLock { runtime in
            guard runtime.drain == nil, runtime.client != nil, runtime.state.nextRunnable != nil else { return }
            runtime.drain = Task { await self.drainQueue() }
        }
    }

    private func drainQueue() async {
        while true {
            let next = runtime.withLock { runtime -> (PendingOperation, OpenNotification.Client, InstallationState)? in
                guard let client = runtime.client, let operation = runtime.state.nextRunnable else {
                    runtime.drain = nil
                    return nil
                }
                return (operation, client, runtime.state)
            }
            guard let (operation, client, state) = next else { return }
            let outcome = await sendWithBackoff(operation, client: client, state: state)
            finish(operation, outcome)
        }
    }

    private func sendWithBackoff(
        _ operation: PendingOperation, client: OpenNotification.Client, state: InstallationState
    )
        async -> SendOutcome
    {
        var attempt = 1
        while true {
            do throws(OpenNotification.Failure) {
                return .done(subscriptionID: try await send(operation, client: client, state: state))
            } catch {
                guard Self.isTransient(error), attempt < backoff.maxAttempts else { return .failed(error) }
                log(
                    "\(operation.name) failed (\(error.detail)); attempt \(attempt + 1) of \(backoff.maxAttempts) follows"
                )
                await backoff.sleep(backoff.delay(after: attempt))
                attempt += 1
            }
        }
    }

    /// Removes an answered operation, or keeps it when the server forgot the subscription (it is
    /// registered again first); then tells its completion.
    private func finish(_ operation: PendingOperation, _ outcome: SendOutcome) {
        let (completions, failure) = mutate { runtime -> ([Completion], OpenNotification.Failure?) in
            if case let .failed(failure) = outcome,
                failure.kind == .server(code: OpenNotification.ErrorCode.unknownSubscription.rawValue),
                operation.needsSubscription, let token = runtime.state.token,
                runtime.reregistered.insert(operation.number).inserted
            {
                // Registered again once per operation: a server that keeps forgetting gets the failure.
                runtime.state.subscriptionID = nil
                if !runtime.state.pending.contains(where: \.isRegistration) {
                    let number = runtime.state.nextNumber
                    runtime.state.nextNumber += 1
                    runtime.state.pending.insert(PendingOperation(number: number, kind: .register(token: token)), at: 0)
                }
                return ([], nil)
            }
            if case let .done(id?) = outcome { runtime.state.subscriptionID = id }
            if let current = runtime.state.pending.first(where: { $0.number == operation.number }),
                current.kind != operation.kind
            {
                // A newer token replaced this registration while it was on the wire: send that one too.
                return ([], nil)
            }
            runtime.state.pending.removeAll { $0.number == operation.number }
            let completions = runtime.completions.removeValue(forKey: operation.number) ?? []
            if case let .failed(failure) = outcome { return (completions, failure) }
            return (completions, nil)
        }
        if let failure { log("\(operation.name) failed and was dropped: \(failure.detail)") }
        for completion in completions { completion(failure) }
    }

    /// One request for `operation`; a registration answers its subscription id.
    private func send(_ operation: PendingOperation, client: OpenNotification.Client, state: InstallationState)
        async throws(OpenNotification.Failure) -> String?
    {
        let subscription = state.subscriptionID ?? ""
        switch operation.kind {
        case let .register(token):
            return try await client.registerSubscription(registration(token: token, state: state)).id
        case let .login(externalID):
            _ = try await client.setIdentity(
                subscriptionID: subscription, .init(externalID: try Self.value(externalID)))
        case .logout:
            _ = try await client.setIdentity(subscriptionID: subscription, .init(externalID: nil))
        case let .setTags(tags):
            _ = try await client.changeTags(subscriptionID: subscription, .init(set: tags))
        case let .removeTags(keys):
            _ = try await client.changeTags(subscriptionID: subscription, .init(remove: keys))
        case let .setLanguage(language):
            _ = try await client.setLanguage(subscriptionID: subscription, .init(language: try Self.value(language)))
        case .unsubscribe:
            _ = try await client.unsubscribe(subscriptionID: subscription)
        case let .session(at):
            _ = try await client.trackSession(subscriptionID: subscription, .init(at: at))
        case let .event(key):
            let report = OpenNotification.EventReport(subscriptionID: state.subscriptionID, actionID: key.actionID)
            switch key.event {
            case .delivered: _ = try await client.reportDelivered(msgID: key.msgID, report)
            case .opened: _ = try await client.reportOpened(msgID: key.msgID, report)
            case .clicked: _ = try await client.reportClicked(msgID: key.msgID, report)
            }
        }
        return nil
    }

    /// The registration for `token`, with the device as it is now and the explicit language if any.
    private func registration(token: String, state: InstallationState) throws(OpenNotification.Failure)
        -> OpenNotification.Registration
    {
        let info = device()
        // A device language outside BCP 47's shape (it never should be) falls back to English.
        let language =
            state.explicitLanguage.flatMap(OpenNotification.Language.init(rawValue:))
            ?? OpenNotification.Language(rawValue: info.language) ?? OpenNotification.Language(rawValue: "en")
        return OpenNotification.Registration(
            installationID: try Self.value(state.installationID), platform: .ios, token: try Self.value(token),
            subscribed: !state.optedOut, sdkVersion: DeviceInfo.sdkVersion, osVersion: info.osVersion,
            deviceModel: info.deviceModel, appVersion: info.appVersion,
            language: try Self.value(language?.rawValue ?? ""),
            timeZone: info.timeZone, country: info.country)
    }

    /// A spec value type made from what the SDK checked when the call was made; a failure here means a
    /// store from another SDK version, and is reported like any bad request.
    static func value<Value: RuleCheckedValue>(_ raw: Value.RawValue) throws(OpenNotification.Failure) -> Value {
        do {
            return try Value(raw)
        } catch {
            throw OpenNotification.Failure(
                kind: .invalidRequest, message: OpenNotification.Failure.messages.invalidRequest, operation: "send",
                detail: error.description)
        }
    }

    /// Whether the same send may succeed later: no answer, an unreadable one, or a server error the
    /// spec does not document (a 5xx).
    static func isTransient(_ failure: OpenNotification.Failure) -> Bool {
        switch failure.kind {
        case .transport, .invalidResponse: true
        case let .server(code): OpenNotification.ErrorCode.catalog[code] == nil
        case .session, .encryption, .invalidRequest: false
        }
    }
}
