import Foundation

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

    /// The catalogue key of an answer of `status` from a service whose errors are all known by
    /// their status: the status, for any JSON error body (its `code` member is the body's own);
    /// `nil` for a body that is no JSON object, as for ``key``.
    package func key(byStatus status: Int) -> ErrorCodeValue? {
        if case .bare = self { nil } else { .number(status) }
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
