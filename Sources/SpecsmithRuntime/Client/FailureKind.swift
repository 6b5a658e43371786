/// What went wrong in a call, in the categories every generated `Failure` shares.
public enum FailureKind: Hashable, Sendable {
    /// The session is missing, invalid or expired.
    case session
    /// Data could not be encrypted or decrypted.
    case encryption
    /// The service answered with an error code; the service's `ErrorCode` names it.
    case server(code: Int)
    /// No answer: timeout, refused or reset connection, cancellation.
    case transport(TransportFailure.Kind)
    /// An answer that does not follow the spec.
    case invalidResponse
    /// The request could not be built.
    case invalidRequest
}

/// The user-facing wording of failures that carry no known error code, in the service's language.
public struct FailureMessages: Sendable, Hashable {
    /// When no answer came: a timeout, a refused or reset connection.
    public var transport: String
    /// When the answer does not follow the spec.
    public var invalidResponse: String
    /// When the request could not be built, such as a value that breaks its rules.
    public var invalidRequest: String
    /// When the session is missing, invalid or expired.
    public var session: String
    /// When data could not be encrypted or decrypted.
    public var encryption: String
    /// When the service answered with an error code the catalog does not know.
    public var server: String

    /// The wording of each kind of failure, from the spec's `messages`.
    public init(
        transport: String, invalidResponse: String, invalidRequest: String, session: String, encryption: String,
        server: String
    ) {
        self.transport = transport
        self.invalidResponse = invalidResponse
        self.invalidRequest = invalidRequest
        self.session = session
        self.encryption = encryption
        self.server = server
    }
}

extension ClientFailure {
    /// Classifies this failure and words it for users: a known error code takes its category and
    /// default message from `catalog`; an unknown one keeps the server's message.
    public func classified(catalog: [Int: ErrorCodeInfo], messages: FailureMessages) -> (
        kind: FailureKind, message: String
    ) {
        switch reason {
        case let .server(code, serverMessage):
            let known = catalog[code]
            let message = known?.message ?? (serverMessage.isEmpty ? messages.server : serverMessage)
            switch known?.category {
            case .session?: return (.session, message)
            case .encryption?: return (.encryption, message)
            default: return (.server(code: code), message)
            }
        case .notAuthenticated: return (.session, messages.session)
        case let .transport(failure): return (.transport(failure.kind), messages.transport)
        case .status, .malformedResponse, .unknownDiscriminator: return (.invalidResponse, messages.invalidResponse)
        case .invalidRequest: return (.invalidRequest, messages.invalidRequest)
        }
    }
}
