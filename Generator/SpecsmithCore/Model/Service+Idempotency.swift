import Foundation

extension Service {
    /// How the mock keeps idempotency keys, as the service's `idempotency` says; the defaults are
    /// the mock's own, so a spec that leaves them out writes nothing in the mock.
    public struct IdempotencyRules: Sendable, Equatable {
        /// What a key is bound to.
        public enum Scope: String, Sendable {
            /// One key names one request across the whole service.
            case service
            /// Each operation has keys of its own.
            case operation
        }

        /// What a key is bound to.
        public var scope: Scope = .service
        /// The header that marks a replayed answer; `nil` for none.
        public var replayedHeader: String?
        /// How long a key is kept, in seconds.
        public var keyLifetime: TimeInterval = 24 * 3600

        public init() {}
    }
}
