@_spi(Generated) import SpecsmithRuntime

extension Spec {
    /// A `sessionToken` auth scheme with where its token travels on the wire.
    public struct IssuedSession: Sendable {
        /// The scheme.
        public var scheme: AuthScheme
        /// The endpoint whose success answer carries the token.
        public var issuer: String
        /// The token's wire path in that answer, the envelope included: `["data", "connectionToken"]`.
        public var tokenPath: [String]
        /// What precedes the token in its header.
        public var prefix: String
    }

    /// Every `sessionToken` scheme, in the spec's order, whose issuing endpoint answers a struct
    /// holding the token field (lint refuses one that does not).
    public var issuedSessions: [IssuedSession] {
        service.authSchemes.compactMap { scheme in
            guard case let .sessionToken(issuer, field, prefix) = scheme.kind,
                case let .named(name)? = endpoint(named: issuer)?.response,
                case let .structure(decl)? = type(named: name)?.kind,
                let token = decl.fields.first(where: { $0.name == field })
            else { return nil }
            let path = (service.envelope.dataField.map { [$0] } ?? []) + [token.wireName]
            return IssuedSession(scheme: scheme, issuer: issuer, tokenPath: path, prefix: prefix)
        }
    }
}
