/// Why a call failed, as the runtime sees it; each service's generated `Failure` maps it to the
/// seed's categories and user messages.
public struct ClientFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong, case by case.
    public enum Reason: Error, Sendable, Hashable {
        /// No response: timeout, refused, reset, cancelled.
        case transport(TransportFailure)
        /// An HTTP error status whose body is not the service's error envelope (a proxy's HTML page).
        case status(Int)
        /// The body is not the JSON the spec describes; the text says what is wrong.
        case malformedResponse(String)
        /// A union discriminator the spec does not list.
        case unknownDiscriminator(UnknownDiscriminator)
        /// The service answered with an error code in its envelope.
        case server(code: Int, message: String)
        /// The call needs a session, and none has been issued yet.
        case notAuthenticated
        /// The request could not be built or encoded.
        case invalidRequest(String)
    }

    /// The operation that failed, such as `checkStatus`.
    public var operation: String
    /// What went wrong.
    public var reason: Reason

    /// A failure of `operation` for `reason`.
    public init(operation: String, reason: Reason) {
        self.operation = operation
        self.reason = reason
    }

    public var description: String {
        let detail: String =
            switch reason {
            case let .transport(failure): "transport failure (\(failure))"
            case let .status(status): "HTTP status \(status) without an error body"
            case let .malformedResponse(text): "malformed response: \(text)"
            case let .unknownDiscriminator(unknown): "malformed response: \(unknown)"
            case let .server(code, message): "server error \(code): \(message)"
            case .notAuthenticated: "no session: initialise the client first"
            case let .invalidRequest(text): "invalid request: \(text)"
            }
        return "\(operation) failed: \(detail)"
    }
}

/// A service's own failure type, made from a runtime failure.
public protocol ServiceFailure: Error, Sendable {
    /// The service's failure for a runtime failure: its kind, code and user message.
    init(_ failure: ClientFailure)
}
