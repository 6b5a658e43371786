@_spi(Generated) import SpecsmithRuntime

/// The service a spec describes: its Swift namespace and modules, hosts, environments, auth and envelope.
public struct Service: Sendable {
    /// The Swift namespace every generated type lives in, such as `BKMExpress`.
    public var name: String
    /// The SDK module the client and models are generated into.
    public var module: String
    /// The module the mock-server stubs are generated into.
    public var mockModule: String
    /// The module the backend client is generated into: the endpoints marked `backendOnly`, which
    /// need a credential an app must never hold. `nil` when the service has no such endpoint.
    public var backendModule: String?
    /// Whether the app's wire client is part of the SDK's public API. `false` (`"clientAccess":
    /// "package"`) when a hand-written facade is the app's API and the raw client, with its session,
    /// must not be reachable from app code: the client is then `package`, seen by the package's own
    /// modules (the mock, the tests) only.
    public var clientIsPublic: Bool = true
    public var doc: String
    public var hosts: [Host]
    public var environments: [Environment]
    public var authSchemes: [AuthScheme]
    /// The auth schemes an endpoint uses when it names none.
    public var defaultAuth: [String]
    /// Request headers the client sends on every call, with the value the spec pins (an API
    /// version, an `Accept` media type), in the order written.
    public var constantHeaders: [ConstantHeader] = []
    /// The answer header by which the server says whether a failed call may be repeated
    /// (`"retry": {"shouldRetryHeader": "Stripe-Should-Retry"}`), and where it is written.
    public var shouldRetryHeader: (name: String, location: SourcePosition)? = nil
    /// Response headers every answer carries (`Request-Id`), declared once: every endpoint reads
    /// them beside its own, and every failure keeps them.
    public var responseHeaders: [Parameter] = []
    /// The wire shape around success and error bodies: the runtime's own type, which the
    /// generated code is handed as it is, so the spec and the runtime cannot describe it apart.
    package var envelope: WireEnvelope
    /// The struct an error body decodes as (`envelope.error.body`), which each `Failure` offers as
    /// its `payload`; `nil` when the spec names none.
    public var errorBody: (name: String, location: SourcePosition)?
    /// How the mock keeps idempotency keys: the service's `idempotency`, else the defaults.
    public var idempotency = IdempotencyRules()
    /// User-facing messages for failures that carry no server message, keyed by ``Service/messageKeys``.
    public var messages: [String: String]
    /// What the SDK's privacy manifest says beyond the fields that declare `collects`.
    public var privacy: PrivacyDeclarations
    public var location: SourcePosition

    /// The failures a service words for its users, and the wording used when a spec gives none.
    public static let messageKeys: [(key: String, fallback: String)] = [
        ("transport", "The service cannot be reached. Check the connection and try again."),
        ("invalidResponse", "The service answered in an unexpected way. Try again later."),
        ("invalidRequest", "The request could not be sent."),
        ("session", "The session is not valid. Start again."),
        ("encryption", "The data could not be encrypted."),
        ("server", "The service could not complete the request."),
    ]

    /// A request header with one value for the whole service (`"Stripe-Version": "2024-06-20"`).
    public struct ConstantHeader: Sendable, Hashable {
        /// The header's name as written.
        public var name: String
        /// The value sent on every call.
        public var value: String
        /// Where the header is written.
        public var location: SourcePosition
    }

    package init(
        name: String, module: String, mockModule: String, doc: String, hosts: [Host], environments: [Environment],
        authSchemes: [AuthScheme], defaultAuth: [String], envelope: WireEnvelope, messages: [String: String] = [:],
        backendModule: String? = nil, location: SourcePosition
    ) {
        self.backendModule = backendModule
        self.messages = messages
        self.name = name
        self.module = module
        self.mockModule = mockModule
        self.doc = doc
        self.hosts = hosts
        self.environments = environments
        self.authSchemes = authSchemes
        self.defaultAuth = defaultAuth
        self.envelope = envelope
        self.location = location
        self.privacy = PrivacyDeclarations(location: location)
    }
}

/// A named host; services such as PaymentKit talk to several that are never derived from each other.
public struct Host: Sendable {
    public var name: String
    public var doc: String
    public var location: SourcePosition
}

/// A deployment (`test`, `preprod`, `production`): one base URL for each host.
public struct Environment: Sendable {
    public var name: String
    public var doc: String
    public var urls: [(host: String, url: String, location: SourcePosition)]
    public var location: SourcePosition
}

/// How a request proves who sends it.
public struct AuthScheme: Sendable {
    public enum Kind: Sendable, Equatable {
        /// A token issued by one endpoint's response (at `tokenField`) and sent by later calls in `header`.
        case sessionToken(issuedBy: String, tokenField: String, prefix: String)
        /// A fixed key the app is configured with, sent in `header`.
        case appKey
    }

    public var name: String
    public var kind: Kind
    /// The header the credential travels in; empty for an app key in the query.
    public var header: String
    public var doc: String
    public var location: SourcePosition
    /// For an app key: what precedes it in its header, such as `"Bearer "`.
    public var prefix: String = ""
    /// For an app key in the query: the parameter's name (`api_key`).
    public var query: String? = nil
    /// An app key of HTTP Basic (RFC 7617), the spec's `basic` kind: the client is given a user-id
    /// and password, and sends them base64-encoded after `Basic ` in `Authorization`.
    public var isBasic = false

    /// The runtime's requirement for this scheme, optional or not.
    public func requirement(optional: Bool = false) -> AuthRequirement {
        let required: AuthRequirement =
            switch kind {
            case let .sessionToken(_, _, prefix): .session(header: header, prefix: prefix)
            case .appKey:
                if let query {
                    .queryKey(name: query)
                } else if prefix.isEmpty {
                    .appKey(header: header)
                } else {
                    .prefixedKey(header: header, prefix: prefix)
                }
            }
        return optional ? .optional(required) : required
    }
}
