// Hand-written: the awaited forms of the seed's calls. They carry their own names because Swift,
// inside an `async` function, prefers an `async` overload of the same name: the manual's
// fire-and-forget `OpenNotification.shared.login("user_123")` would then need `try await` there.
import Foundation

extension OpenNotification.Installation {
    /// ``login(_:completion:)``, awaited: returns once the server took it.
    ///
    /// - Throws: ``OpenNotification/Failure``: a refusal, bad input, or "not sent yet"
    ///   (``OpenNotification/Failure/isStillQueued``), after which the call stays queued.
    public func loginAndWait(_ externalId: String) async throws(OpenNotification.Failure) {
        try await awaiting { login(externalId, completion: $0) }
    }

    /// ``logout(completion:)``, awaited; throws as ``loginAndWait(_:)`` does.
    public func logoutAndWait() async throws(OpenNotification.Failure) {
        try await awaiting { logout(completion: $0) }
    }

    /// ``setTags(_:completion:)``, awaited; throws as ``loginAndWait(_:)`` does.
    public func setTagsAndWait(_ tags: [String: TagValue]) async throws(OpenNotification.Failure) {
        try await awaiting { setTags(tags, completion: $0) }
    }

    /// ``removeTags(_:completion:)``, awaited; throws as ``loginAndWait(_:)`` does.
    public func removeTagsAndWait(_ keys: [String]) async throws(OpenNotification.Failure) {
        try await awaiting { removeTags(keys, completion: $0) }
    }

    /// ``setLanguage(_:completion:)``, awaited; throws as ``loginAndWait(_:)`` does.
    public func setLanguageAndWait(_ language: String) async throws(OpenNotification.Failure) {
        try await awaiting { setLanguage(language, completion: $0) }
    }

    /// ``unsubscribe(completion:)``, awaited; throws as ``loginAndWait(_:)`` does.
    public func unsubscribeAndWait() async throws(OpenNotification.Failure) {
        try await awaiting { unsubscribe(completion: $0) }
    }

    /// ``optIn(completion:)``, awaited; throws as ``loginAndWait(_:)`` does.
    public func optInAndWait() async throws(OpenNotification.Failure) {
        try await awaiting { optIn(completion: $0) }
    }

    /// ``trackSession(completion:)``, awaited; throws as ``loginAndWait(_:)`` does.
    public func trackSessionAndWait() async throws(OpenNotification.Failure) {
        try await awaiting { trackSession(completion: $0) }
    }

    /// ``didReceiveBackground(userInfo:completion:)``, awaited: returns within the queue's
    /// background wait (25 s by default) whatever the network does.
    public func didReceiveBackgroundAndWait(userInfo: [AnyHashable: Any]) async throws(OpenNotification.Failure) {
        try await awaiting { didReceiveBackground(userInfo: userInfo, completion: $0) }
    }
}

extension OpenNotification.Failure {
    /// Whether the call is not sent yet but stays queued: the network did not let it through
    /// within the queue's bounded wait. It is sent once the network is back, across relaunches; a
    /// completion hears about it only this once.
    ///
    /// Failures of every other kind are final: the call was refused or never queued.
    public var isStillQueued: Bool {
        if case .transport = kind { true } else { false }
    }
}
