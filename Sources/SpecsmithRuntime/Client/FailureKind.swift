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
    public var transport: String
    public var invalidResponse: String
    public var invalidRequest: String
    public var session: String
    public var encryption: String
    public var server: String

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
