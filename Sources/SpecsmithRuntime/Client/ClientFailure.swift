import Foundation

/// Why a call failed, as the runtime sees it; each service's generated `Failure` maps it to the
/// seed's categories and user messages.
public struct ClientFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong, case by case.
    public enum Reason: Error, Sendable, Hashable {
        /// No response: timeout, refused, reset, cancelled.
        case transport(TransportFailure)
        /// An HTTP error status without a JSON body: empty, text, or a proxy's HTML page. The
        /// service's failure is the error the spec knows by that status, if it knows one.
        case status(Int)
        /// The body is not the JSON the spec describes; the text says what is wrong.
        case malformedResponse(String)
        /// A union discriminator the spec does not list.
        case unknownDiscriminator(UnknownDiscriminator)
        /// The service answered with an error code in its envelope.
        case server(code: ErrorCodeValue, message: String)
        /// The service answered with an error status and a JSON body without an error code (a
        /// REST API that tells errors apart by status, an RFC 9457 problem); `message` is the
        /// body's message, `detail` or `title`, empty when it has none.
        case rejected(status: Int, message: String)
        /// The call needs a session, and none has been issued yet.
        case notAuthenticated
        /// The request could not be built or encoded.
        case invalidRequest(String)
        /// A middleware would not let the request go (``TransportFailure/refused(by:reason:)``).
        case refused(by: String, reason: String)
    }

    /// The operation that failed, such as `checkStatus`.
    public var operation: String
    /// What went wrong.
    public var reason: Reason
    /// The answer the failure came with; `nil` when none came or the request was never sent.
    public var response: FailureResponse?

    /// A failure of `operation` for `reason`, answered with `response` when one came.
    public init(operation: String, reason: Reason, response: FailureResponse? = nil) {
        self.operation = operation
        self.reason = reason
        self.response = response
    }

    public var description: String {
        let detail: String =
            switch reason {
            case let .transport(failure): "transport failure (\(failure))"
            case let .status(status): "HTTP status \(status) without an error body"
            case let .malformedResponse(text): "malformed response: \(text)"
            case let .unknownDiscriminator(unknown): "malformed response: \(unknown)"
            case let .server(code, message): "server error \(code): \(message)"
            case let .rejected(status, message):
                "HTTP status \(status) (\(HTTPStatus(rawValue: status).reasonPhrase))"
                    + (message.isEmpty ? "" : ": \(message)")
            case .notAuthenticated: "no session: initialise the client first"
            case let .invalidRequest(text): "invalid request: \(text)"
            case let .refused(middleware, reason): "refused by the middleware \(middleware): \(reason)"
            }
        return "\(operation) failed: \(detail)"
    }
}

extension ClientFailure {
    /// This failure with each of `values` (``Redaction/sensitiveValues(of:paths:sensitiveHeaders:queryItems:)``)
    /// replaced by `<redacted>` in its texts: a server's message may repeat a card number or a
    /// token it was sent, and neither may reach a user's screen or a log through the failure.
    package func hiding(_ values: [String]) -> ClientFailure {
        guard !values.isEmpty else { return self }
        func clean(_ text: String) -> String { Redaction.hiding(values, in: text) }
        var failure = self
        switch reason {
        case let .server(code, message): failure.reason = .server(code: code, message: clean(message))
        case let .rejected(status, message): failure.reason = .rejected(status: status, message: clean(message))
        case let .malformedResponse(text): failure.reason = .malformedResponse(clean(text))
        // The others hold no text an answer brought.
        case .transport, .status, .unknownDiscriminator, .notAuthenticated, .invalidRequest, .refused: break
        }
        return failure
    }
}

/// A service's own failure type, made from a runtime failure.
public protocol ServiceFailure: Error, Sendable {
    /// The service's failure for a runtime failure: its kind, code and user message.
    init(_ failure: ClientFailure)
}

/// The HTTP answer a failure came with: its status, the headers the spec names for errors (such as
/// `Retry-After` and rate limits), and the body, which a service's `Failure` decodes into its typed
/// error payload.
public struct FailureResponse: Sendable, Hashable, CustomStringConvertible {
    /// The HTTP status.
    public var status: Int
    /// The response headers the spec's envelope names, by lowercased name.
    public var headers: [String: String]
    /// The body's bytes; never printed.
    public var body: Data

    /// An answer with `status`, `headers` and `body`.
    public init(status: Int, headers: [String: String] = [:], body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// The value of header `name`, whatever its case.
    public subscript(header name: String) -> String? {
        headers[name.lowercased()]
    }

    public var description: String {
        "HTTP \(status), \(body.count) bytes, headers: \(headers.keys.sorted().joined(separator: ", "))"
    }
}
