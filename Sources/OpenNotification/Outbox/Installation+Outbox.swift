// Hand-written: the queue's sending loop. One loop at a time sends the oldest operation it may send,
// repeats it with backoff while failures pass (as long as it takes), and removes it only once the
// server took it or refused it for good.
import Foundation
import SpecsmithRuntime

extension OpenNotification.Installation {
    /// The outcome of sending one operation.
    enum SendOutcome {
        case done(subscriptionID: String?)
        case failed(OpenNotification.Failure)
        /// Not sent, and kept: there is no client to send with.
        case notYet
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
            if case .notYet = outcome { continue }
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
            retryAfter.reset()
            do throws(OpenNotification.Failure) {
                return .done(subscriptionID: try await send(operation, client: client, state: state))
            } catch {
                guard Self.isTransient(error) else { return .failed(error) }
                guard !Task.isCancelled, runtime.withLock({ $0.client != nil }) else {
                    // A bad configure took the client away; the operation waits for a good one.
                    return .notYet
                }
                if attempt == backoff.maxAttempts { tellNotYet(operation, attempts: attempt, error) }
                let delay = backoff.delay(after: attempt, retryAfter: retryAfter.retryAfter)
                log("\(operation.name) failed (\(error.detail)); attempt \(attempt + 1) follows in \(delay) s")
                await backoff.sleep(delay)
                attempt += 1
            }
        }
    }

    /// Tells the operation's completions, once, that it is not sent yet; it stays queued.
    private func tellNotYet(_ operation: PendingOperation, attempts: Int, _ error: OpenNotification.Failure) {
        let waiting = runtime.withLock { $0.completions.removeValue(forKey: operation.number) ?? [] }
        let failure = Self.stillQueued(operation.name, "\(attempts) attempts failed, the last with \(error.detail)")
        for completion in waiting { completion.call(failure) }
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
                    runtime.state.pending.insert(
                        PendingOperation(number: number, kind: .register(token: token), queuedAt: clock()), at: 0)
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
            let completions = (runtime.completions.removeValue(forKey: operation.number) ?? []).map(\.call)
            if case let .failed(failure) = outcome { return (completions, failure) }
            return (completions, nil)
        }
        if let failure { log("\(operation.name) was refused and is dropped: \(failure.detail)") }
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
        case let .changeTags(set, remove):
            _ = try await client.changeTags(
                subscriptionID: subscription, .init(set: set.isEmpty ? nil : set, remove: remove.isEmpty ? nil : remove)
            )
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

    /// Whether the same send may succeed later, so the operation must wait rather than go
    /// (``OpenNotification/Failure/mayPassLater``, which the extension's kept reports follow too).
    static func isTransient(_ failure: OpenNotification.Failure) -> Bool {
        failure.mayPassLater
    }
}
