import Foundation

// A failed call as the runtime sees it: why it failed, the answer it came with, and the one reading
// of an answer as an error (`ErrorAnswer`), which makes the reasons an answer can give. What the
// failure is for the app (its kind and words) is `ClassifiedFailure.swift`'s decision.

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

// MARK: - Reading an answer as an error

/// What an answer says went wrong, read once by the service's envelope: the one place the runtime
/// decides whether an answer is an error, and which. The client's decoding throws it as a failure,
/// and its retry rules ask it for the error's catalogue key, so the two never read a body apart.
package enum ErrorAnswer: Sendable, Hashable {
    /// An error body with the service's code, and its message (`""` when it has none).
    case coded(ErrorCodeValue, message: String)
    /// An error status whose JSON body has no code: the status tells the error, the body its
    /// message (the envelope's message member, else RFC 9457's `detail` or `title`).
    case codeless(status: Int, message: String)
    /// An error status whose body is no JSON object: empty, text, or a proxy's HTML page. The
    /// status alone tells the error, when the spec knows one by it.
    case bare(status: Int)

    /// The error `response` is, or `nil` for a success: any status outside 2xx, and a 2xx whose
    /// body carries the envelope's error marker (envelopes like `"result": "fail"`).
    package static func read(_ response: TransportResponse, envelope: WireEnvelope) -> ErrorAnswer? {
        let isSuccess = (200..<300).contains(response.status)
        if isSuccess, envelope.errorMarker == nil { return nil }
        let body = try? JSONDecoder().decode([String: Member].self, from: response.body)
        let error = body.flatMap { codedError(in: $0, envelope: envelope) }
        if isSuccess { return error }
        guard let body else { return .bare(status: response.status) }
        return error ?? .codeless(status: response.status, message: codelessMessage(in: body, envelope: envelope))
    }

    /// The catalogue key the retry rules look a retryable error up by: the code, else the status
    /// of a JSON error body without one; `nil` for a body that is no JSON object (a proxy's page
    /// is repeated by the retry policy's statuses, not by the spec's errors).
    package var key: ErrorCodeValue? {
        switch self {
        case let .coded(code, _): code
        case let .codeless(status, _): .number(status)
        case .bare: nil
        }
    }

    /// The failure it is.
    package var reason: ClientFailure.Reason {
        switch self {
        case let .coded(code, message): .server(code: code, message: message)
        case let .codeless(status, message): .rejected(status: status, message: message)
        case let .bare(status): .status(status)
        }
    }

    // MARK: - Reading the body

    /// The coded error in `body`: the marker, when the envelope has one, holds its constant; the code
    /// is a number or a string where the envelope puts it (inside its container when there is one);
    /// the message, when present and not `null`, is a string. `nil` when any of that fails.
    private static func codedError(in body: [String: Member], envelope: WireEnvelope) -> ErrorAnswer? {
        if let marker = envelope.errorMarker {
            switch (marker.value, body[marker.field]) {
            case let (.text(wanted), .scalar(.text(value))?) where value == wanted: break
            case let (.flag(wanted), .scalar(.flag(value))?) where value == wanted: break
            default: return nil
            }
        }
        guard let members = members(of: body, envelope: envelope) else { return nil }
        let code: ErrorCodeValue
        switch members[envelope.codeField] {
        case let .integer(number)?: code = .number(number)
        case let .text(text)?: code = .text(text)
        default: return nil
        }
        switch members[envelope.messageField] {
        case nil, .null?: return .coded(code, message: "")
        case let .text(message)?: return .coded(code, message: message)
        default: return nil
        }
    }

    /// The message of an error body without a code, `""` when it has none: the envelope's message
    /// member (inside its container when there is one), else RFC 9457's `detail` or `title`.
    private static func codelessMessage(in body: [String: Member], envelope: WireEnvelope) -> String {
        let outer = body.mapValues(\.scalar)
        let inner = members(of: body, envelope: envelope) ?? outer
        for (members, key) in [(inner, envelope.messageField), (outer, "detail"), (outer, "title")] {
            if case let .text(text)? = members[key], !text.isEmpty { return text }
        }
        return ""
    }

    /// The members the code and message sit among: those of the envelope's error container, or
    /// the body's own; `nil` when the container is missing or not an object.
    private static func members(of body: [String: Member], envelope: WireEnvelope) -> [String: Scalar]? {
        guard let container = envelope.errorContainer else { return body.mapValues(\.scalar) }
        guard case let .object(members)? = body[container] else { return nil }
        return members
    }

    /// A member of an error body's top-level object, read one level deep: as deep as an envelope's
    /// error container goes, so a large success body is not read as a tree.
    private enum Member: Decodable {
        case object([String: Scalar])
        case scalar(Scalar)

        init(from decoder: any Decoder) throws {
            if let members = try? [String: Scalar](from: decoder) {
                self = .object(members)
            } else {
                self = .scalar(try Scalar(from: decoder))
            }
        }

        /// The member as a code or message can be: an object is neither.
        var scalar: Scalar {
            if case let .scalar(value) = self { value } else { .other }
        }
    }

    /// What an error body's marker, code or message can be; anything else is `other`.
    private enum Scalar: Decodable {
        case text(String)
        case integer(Int)
        case flag(Bool)
        case null
        case other

        init(from decoder: any Decoder) throws {
            let value = try decoder.singleValueContainer()
            if value.decodeNil() {
                self = .null
            } else if let text = try? value.decode(String.self) {
                self = .text(text)
            } else if let number = try? value.decode(Int.self) {
                self = .integer(number)
            } else if let flag = try? value.decode(Bool.self) {
                self = .flag(flag)
            } else {
                self = .other
            }
        }
    }
}
