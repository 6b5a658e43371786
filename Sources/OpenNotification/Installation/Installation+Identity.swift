// Hand-written: the seed's calls with their optional completions; each is queued durably (see
// Outbox/) rather than sent directly, which a generated client cannot do. Their awaited forms are in
// Installation+Awaiting.swift.
import Foundation
import SpecsmithRuntime

extension OpenNotification.Installation {
    /// Told once what became of a call: `nil` when the server took it; an ``OpenNotification/Failure``
    /// when it refused it for good (a documented 4xx, or bad input: the call is not queued); or a
    /// failure whose ``OpenNotification/Failure/isStillQueued`` is `true` when it could not be sent
    /// within the queue's bounded wait. Then the call stays queued and is sent once the network is
    /// back. It runs on the SDK's own task, not the main thread: hop to the main actor for UI.
    public typealias Completion = @Sendable (Error?) -> Void

    /// ``Completion`` for a background push, told on the main actor: what an app delegate hands
    /// its `fetchCompletionHandler` to, which UIKit declares neither `Sendable` nor isolated.
    public typealias BackgroundCompletion = @MainActor (Error?) -> Void

    // MARK: - Identity

    /// Logs this installation in as the app's user `externalId`; sent with or after the registration.
    ///
    /// Logging in again as the same user changes nothing. - Parameter completion: Called once it is sent
    /// or has finally failed; an empty id fails at once and queues nothing.
    public func login(_ externalId: String, completion: Completion? = nil) {
        let id = externalId.trimmingCharacters(in: .whitespacesAndNewlines)
        guard OpenNotification.UserID(rawValue: id) != nil else {
            return reject("login", "the external id must have 1 to 128 characters", completion)
        }
        submit(.login(externalID: id), completion)
    }

    /// Logs this installation out: sends to the previous user no longer reach it.
    public func logout(completion: Completion? = nil) {
        submit(.logout, completion)
    }

    // MARK: - Tags and language

    /// Sets tags; values are strings, numbers or booleans (`["plan": "platinum", "streak": 42]`).
    ///
    /// An empty key or a number without a decimal form (infinity, NaN) fails the whole call at once.
    public func setTags(_ tags: [String: TagValue], completion: Completion? = nil) {
        var wire: [String: String] = [:]
        for (key, value) in tags {
            guard !key.isEmpty else { return reject("setTags", "a tag key is empty", completion) }
            guard let text = value.wireValue else {
                return reject("setTags", "the value of tag \"\(key)\" is not a finite number", completion)
            }
            wire[key] = text
        }
        guard !wire.isEmpty else {
            completion?(nil)
            return
        }
        submit(.setTags(wire), completion)
    }

    /// Removes the tags with these keys.
    public func removeTags(_ keys: [String], completion: Completion? = nil) {
        guard !keys.contains(where: \.isEmpty) else { return reject("removeTags", "a tag key is empty", completion) }
        guard !keys.isEmpty else {
            completion?(nil)
            return
        }
        submit(.removeTags(keys), completion)
    }

    /// Sets the language explicitly (BCP 47, such as `tr`); it wins over the device's language on every
    /// later registration, across launches.
    public func setLanguage(_ language: String, completion: Completion? = nil) {
        let code = language.trimmingCharacters(in: .whitespaces)
        guard OpenNotification.Language(rawValue: code) != nil else {
            return reject("setLanguage", "\"\(language)\" is not a language code", completion)
        }
        submit(.setLanguage(code), completion) { $0.explicitLanguage = code }
    }

    // MARK: - Subscription

    /// Stops notifications to this installation: the user opted out in the app's settings.
    ///
    /// The opt-out sticks across launches, tokens and permission requests; only ``optIn(completion:)``
    /// undoes it.
    public func unsubscribe(completion: Completion? = nil) {
        submit(.unsubscribe, completion) { $0.optedOut = true }
    }

    /// Subscribes this installation again after ``unsubscribe(completion:)``: the user opted back in.
    ///
    /// The only call that undoes an opt-out; asking for permission does not. It registers the last
    /// device token again as subscribed, or, before any token, lets the first registration go out
    /// subscribed. Without an earlier opt-out it changes nothing.
    public func optIn(completion: Completion? = nil) {
        let queued = mutate { runtime -> Bool in
            guard runtime.state.optedOut else { return false }
            runtime.state.optedOut = false
            guard let token = runtime.state.token else { return false }
            let number = runtime.state.queueRegistration(token: token, at: clock())
            if let completion { add(completion, to: number, in: &runtime) }
            return true
        }
        if queued { kick() } else { completion?(nil) }
    }

    /// Pings the session now. `configure` already does so whenever the app becomes active.
    public func trackSession(completion: Completion? = nil) {
        submit(.session(at: clock()), completion)
    }

    // MARK: - Helpers

    /// Queues `kind` (after `change`, in the same save) and starts sending.
    func submit(
        _ kind: PendingOperation.Kind, _ completion: Completion?, change: (inout InstallationState) -> Void = { _ in }
    ) {
        mutate { runtime in
            change(&runtime.state)
            let number = runtime.state.enqueue(kind, at: clock())
            if let completion { add(completion, to: number, in: &runtime) }
        }
        kick()
    }

    /// Makes `completion` wait for operation `number`, for at most `wait` (the policy's by default);
    /// after a bad `configure` it hears that failure at once instead.
    func add(_ completion: @escaping Completion, to number: Int, in runtime: inout Runtime, wait: TimeInterval? = nil) {
        if let failure = runtime.configurationError {
            // Called later, outside the lock: the completion may call back into the SDK.
            Task { completion(failure) }
            return
        }
        let id = runtime.nextCompletionID
        runtime.nextCompletionID += 1
        runtime.completions[number, default: []].append((id, completion))
        guard let wait = wait ?? queue.completionWait else { return }
        let sleep = queue.sleep
        Task { [weak self] in
            await sleep(wait)
            self?.expire(completion: id, of: number, after: wait)
        }
    }

    /// Tells one completion that its operation is not sent yet; the operation stays queued.
    private func expire(completion id: Int, of number: Int, after wait: TimeInterval) {
        let expired = runtime.withLock { runtime -> (Completion, String)? in
            guard var waiting = runtime.completions[number], let index = waiting.firstIndex(where: { $0.id == id })
            else { return nil }
            let completion = waiting.remove(at: index).call
            runtime.completions[number] = waiting.isEmpty ? nil : waiting
            let name = runtime.state.pending.first { $0.number == number }?.name ?? "call"
            return (completion, name)
        }
        guard let (completion, name) = expired else { return }
        completion(Self.stillQueued(name, "not sent within \(Int(wait)) s"))
    }

    /// The failure a completion hears when its operation is not sent yet but stays queued.
    static func stillQueued(_ operation: String, _ why: String) -> OpenNotification.Failure {
        failure(
            operation, "\(operation) is not sent yet (\(why)); it stays queued and is sent when the network is back",
            kind: .transport(.timeout))
    }

    func reject(_ operation: String, _ detail: String, _ completion: Completion?) {
        let failure = Self.failure(operation, detail, kind: .invalidRequest)
        log("\(operation): \(detail)")
        completion?(failure)
    }

    /// Runs a call with a completion and throws what it reports. The SDK only ever reports
    /// ``OpenNotification/Failure``s; anything else would be wrapped as an invalid request.
    func awaiting(_ start: (@escaping Completion) -> Void) async throws(OpenNotification.Failure) {
        let error: Error? = await withCheckedContinuation { continuation in
            start { continuation.resume(returning: $0) }
        }
        switch error {
        case nil: return
        case let failure as OpenNotification.Failure: throw failure
        case let other?:
            throw OpenNotification.Failure(
                kind: .invalidRequest, message: OpenNotification.Failure.messages.invalidRequest, operation: "call",
                detail: String(describing: other))
        }
    }
}
