import Foundation

/// How the mock keeps idempotency keys, as the spec's service `idempotency` says.
///
/// | | default | spec key |
/// |---|---|---|
/// | what a key is bound to | the whole service: the same key on another operation, or with another method, path, query or body, is a conflict (`422`) | `"scope": "operation"` binds a key to one operation |
/// | what counts as the same request | method, path, query and the body as canonical JSON (member order and whitespace do not matter) | |
/// | how long a key lives | 24 hours | `"keyLifetime"` in seconds |
/// | how a replay is marked | not marked | `"replayedHeader": "Idempotent-Replayed"` adds that header, `true`, to every replayed answer |
/// | a key whose first request is still being handled | `409` | |
@_spi(Generated) public struct MockIdempotency: Sendable, Equatable {
    /// What a key is bound to.
    public enum Scope: String, Sendable {
        /// One key names one request across the whole service.
        case service
        /// Each operation has keys of its own.
        case operation
    }

    /// What a key is bound to.
    public var scope: Scope
    /// The header that marks a replayed answer, with the value `true`; `nil` for none.
    public var replayedHeader: String?
    /// How long a key is kept, in seconds.
    public var keyLifetime: TimeInterval

    /// The rules a spec gives; the defaults are those of the table above.
    public init(scope: Scope = .service, replayedHeader: String? = nil, keyLifetime: TimeInterval = 24 * 3600) {
        self.scope = scope
        self.replayedHeader = replayedHeader
        self.keyLifetime = keyLifetime
    }
}
