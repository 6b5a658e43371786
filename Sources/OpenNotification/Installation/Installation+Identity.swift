// Hand-written: the seed's calls with their optional completions and async twins; each is queued
// durably (see Outbox/) rather than sent directly, which a generated client cannot do.
import Foundation
import SpecsmithRuntime

extension OpenNotification.Installation {
    /// Told once whether a call reached the server: `nil`, or the ``OpenNotification/Failure`` after the
    /// last retry. It runs on the SDK's sending task, not the main thread: hop to the main actor for UI.
    public typealias Completion = @Sendable (Error?) -> Void

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

    /// Stops notifications to this installation. It stays unsubscribed across launches until a new
    /// permission grant and registration.
    public func unsubscribe(completion: Completion? = nil) {
        submit(.unsubscribe, completion) { $0.optedOut = true }
    }

    /// Pings the session now. `configure` already does so whenever the app becomes active.
    public func trackSession(completion: Completion? = nil) {
        submit(.session(at: clock()), completion)
    }

    // MARK: - Async twins

    /// ``login(_:completion:)``, awaited.
    public func login(_ externalId: String) async throws(OpenNotification.Failure) {
        try await awaiting { login(externalId, completion: $0) }
    }

    /// ``logout(completion:)``, awaited.
    public func logout() async throws(OpenNotification.Failure) {
        try await awaiting { logout(completion: $0) }
    }

    /// ``setTags(_:completion:)``, awaited.
    public func setTags(_ tags: [String: TagValue]) async throws(OpenNotification.Failure) {
        try await awaiting { setTags(tags, completion: $0) }
    }

    /// ``removeTags(_:completion:)``, awaited.
    public func removeTags(_ keys: [String]) async throws(OpenNotification.Failure) {
        try await awaiting { removeTags(keys, completion: $0) }
    }

    /// ``setLanguage(_:completion:)``, awaited.
    public func setLanguage(_ language: String) async throws(OpenNotification.Failure) {
        try await awaiting { setLanguage(language, completion: $0) }
    }

    /// ``unsubscribe(completion:)``, awaited.
    public func unsubscribe() async throws(OpenNotification.Failure) {
        try await awaiting { unsubscribe(completion: $0) }
    }

    /// ``trackSession(completion:)``, awaited.
    public func trackSession() async throws(OpenNotification.Failure) {
        try await awaiting { trackSession(completion: $0) }
    }

    // MARK: - Helpers

    /// Queues `kind` (after `change`, in the same save) and starts sending.
    func submit(
        _ kind: PendingOperation.Kind, _ completion: Completion?, change: (inout InstallationState) -> Void = { _ in }
    ) {
        mutate { runtime in
            change(&runtime.state)
            let number = runtime.state.enqueue(kind)
            if let completion { runtime.completions[number, default: []].append(completion) }
        }
        kick()
    }

    func reject(_ operation: String, _ detail: String, _ completion: Completion?) {
        let failure = OpenNotification.Failure(
            kind: .invalidRequest, message: OpenNotification.Failure.messages.invalidRequest, operation: operation,
            detail: detail)
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
