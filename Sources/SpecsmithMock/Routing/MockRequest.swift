import Foundation
@_spi(Generated) import SpecsmithRuntime

/// A request as a mock handler sees it, after routing.
public struct MockRequest: Sendable {
    /// The HTTP method, such as `POST`.
    public var method: RequestMethod
    /// The path, without the query.
    public var path: String
    /// The query's items; the first of a repeated name wins.
    public var query: [String: String]
    /// The headers, with lowercase names.
    public var headers: [String: String]
    /// The body's bytes; empty for none.
    public var body: Data
    /// Values of the route's `{params}`, already percent-decoded.
    public var pathParameters: [String: String] = [:]
    /// Every value of each name the query repeats, in order (`?tag=a&tag=b`); a name given once is
    /// only in ``query``.
    public var queryLists: [String: [String]] = [:]

    /// A request; header names are lowercased, and the first of two that differ only in case wins.
    public init(
        method: RequestMethod, path: String, query: [String: String] = [:], headers: [String: String] = [:],
        body: Data = Data()
    ) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = Dictionary(
            headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { first, _ in first })
        self.body = body
    }

    /// A request whose header names are already lowercase, as the server's parser delivers them.
    init(method: RequestMethod, path: String, query: [String: String], lowercasedHeaders: [String: String], body: Data)
    {
        self.method = method
        self.path = path
        self.query = query
        self.headers = lowercasedHeaders
        self.body = body
    }

    /// The header `name`, compared case-insensitively.
    public func header(_ name: String) -> String? { headers[name.lowercased()] }

    /// The body decoded as `type`; a body that does not fit is a 400 listing every problem by field
    /// path when the type has a generated schema, else the first one the decoder meets.
    /// An empty body is the empty object when every member of the type is optional, as a `cancel`
    /// or `capture` with nothing to say sends it.
    public func decodeBody<Body: Decodable>(_ type: Body.Type) throws(MockFailure) -> Body {
        // Bytes and text (the spec's octet-stream and text/plain bodies) are taken as they came.
        if type == Data.self || type == String.self {
            guard let raw = RawBody.decode(body, as: type) else {
                throw .badRequest("invalid request: the body is not UTF-8 text")
            }
            return raw
        }
        if body.isEmpty, Body.self != NoContent.self, !Self.takesEmptyObject(type) {
            throw .badRequest("invalid request: the operation takes a JSON body and none was sent")
        }
        var json = body.isEmpty ? Data("{}".utf8) : body
        // A form or multipart body (the spec's contentType; the router refused any other) reads
        // back as the JSON its schema describes, then is checked and decoded as JSON is.
        if !body.isEmpty, let validated = type as? any WireValidated.Type, let sent = header("content-type") {
            if sent.lowercased().hasPrefix(FormEncoding.mediaType) {
                json = try validated.wireSchema.json(fromForm: body)
            } else if sent.lowercased().hasPrefix(MultipartForm.mediaType) {
                json = try validated.wireSchema.json(fromMultipart: body, contentType: sent)
            }
        }
        if let validated = type as? any WireValidated.Type {
            let problems = validated.wireSchema.problems(in: json)
            if !problems.isEmpty {
                throw .badRequest("invalid request: " + problems.joined(separator: "; "))
            }
        }
        do {
            return try WireCoding.decoder().decode(type, from: json)
        } catch let error as DecodingError {
            throw .badRequest(ClientCore.explain(error))
        } catch {
            throw .badRequest(String(describing: error))
        }
    }
}

extension MockRequest {
    /// The body decoded as `type`, or `nil` when none was sent: for an operation whose spec makes
    /// the body optional (`"request": "CancelRequest?"`).
    public func decodeOptionalBody<Body: Decodable>(_ type: Body.Type) throws(MockFailure) -> Body? {
        body.isEmpty ? nil : try decodeBody(type)
    }

    /// Whether every member of `type`'s wire object is optional, so `{}` is a value of it.
    fileprivate static func takesEmptyObject<Body>(_ type: Body.Type) -> Bool {
        guard let validated = type as? any WireValidated.Type, case let .object(fields) = validated.wireSchema else {
            return false
        }
        return !fields.contains(where: \.isRequired)
    }
}

/// What a mock answers: an HTTP status, headers and a body, and how the server delivers them.
public struct MockResponse: Sendable, Equatable {
    /// How the bytes reach the client; the faults a test injects use the other cases.
    public enum Delivery: Sendable, Equatable {
        /// The whole answer, as the response says.
        case normal
        /// The connection is reset (RST) instead of answered.
        case resetConnection
        /// The headers promise the whole body, half of it is sent, and the connection closes.
        case truncatedBody
    }

    /// A JSON content type: the headers of most answers, made once and shared until one changes.
    @usableFromInline static let jsonHeaders = ["content-type": "application/json"]

    /// The HTTP status.
    public var status: Int
    /// The headers to send; the server writes `content-length`, `connection` and
    /// `transfer-encoding` itself.
    public var headers: [String: String]
    /// The body's bytes.
    public var body: Data
    /// How the bytes reach the client.
    public var delivery: Delivery

    /// An answer; a JSON content type and a normal delivery unless told otherwise.
    public init(
        status: Int, headers: [String: String] = MockResponse.jsonHeaders, body: Data,
        delivery: Delivery = .normal
    ) {
        self.status = status
        self.headers = headers
        self.body = body
        self.delivery = delivery
    }
}

/// A failure a mock handler answers with: an HTTP status and an envelope error code.
public struct MockFailure: Error, Sendable, Hashable {
    /// The HTTP status the mock answers with.
    public var status: Int
    /// The error code the envelope carries; `nil` for an error told apart by its status alone.
    public var code: ErrorCodeValue?
    /// The message the envelope carries.
    public var message: String
    /// Headers the answer carries, such as `Retry-After`.
    public var headers: [String: String]
    /// The whole error body, for a service whose errors carry more than a code and a message
    /// (the spec's error `body` type): sent instead of the envelope when set.
    public var body: Data?
    /// What tells the error apart from another without a code of its status (a header or a body
    /// member with its value): the answer carries it, so a client names the error it meant.
    public var condition: ErrorCondition?
    /// Whether the mock itself refuses the request (an invalid request, a missing credential, no
    /// route) rather than a handler: its answer takes the error the spec declares for its status.
    var isRaisedByMock = false
    /// Whether the declared error's own message replaces the mock's (a missing credential, where the
    /// client shows the message the spec gives).
    var takesDeclaredMessage = false

    /// A failure answered with `status`, and `code` (when there is one) and `message` in the
    /// service's error envelope.
    public init(status: Int, code: ErrorCodeValue?, message: String, headers: [String: String] = [:]) {
        self.status = status
        self.code = code
        self.message = message
        self.headers = headers
    }

    /// A failure answered with `status` and `payload` as the whole body, such as a GitHub-style
    /// `{"message": …, "errors": [{"field": …, "code": …}]}`; `message` is what the journal and the
    /// mock's own texts call it.
    public init<Payload: Encodable>(
        status: Int, payload: Payload, message: String, headers: [String: String] = [:]
    ) {
        self.init(status: status, code: nil, message: message, headers: headers)
        body = try? WireCoding.encode(payload)
    }

    /// A request the spec does not allow; the message lists what is wrong. The answer takes the
    /// error the spec declares for status 400, if any.
    public static func badRequest(_ message: String) -> MockFailure {
        .raisedByMock(status: 400, message: message)
    }

    /// A refusal the mock makes by itself, answered with the error the spec declares for `status`.
    static func raisedByMock(status: Int, message: String, headers: [String: String] = [:]) -> MockFailure {
        var failure = MockFailure(status: status, code: .number(status), message: message, headers: headers)
        failure.isRaisedByMock = true
        return failure
    }
}

extension MockRequest {
    /// Where a parameter travels.
    public enum ParameterPlace: Sendable {
        /// The path (a `{param}` of the route), the query string, or a header.
        case path, query, header
    }

    /// The parameter `name` converted to `type`; `nil` when absent, a 400 when it does not convert.
    public func parameter<Value: ParameterValue>(_ name: String, in place: ParameterPlace, as type: Value.Type)
        throws(MockFailure) -> Value?
    {
        let text: String? =
            switch place {
            case .path: pathParameters[name]
            case .query: query[name]
            case .header: header(name)
            }
        guard let text else { return nil }
        guard let value = Value(parameterValue: text) else {
            throw .badRequest(
                "\(place) parameter \(name): \(Self.shown(text, as: Value.self)) is not a valid \(Value.self)")
        }
        return value
    }

    /// A refused parameter value as the mock's message quotes it: `<redacted>` for a value of a
    /// sensitive type (a card number, a security code), else the text with long digit runs masked.
    static func shown<Value>(_ text: String, as type: Value.Type) -> String {
        if let checked = type as? any RuleCheckedValue.Type, checked.isSensitive { return redacted }
        return "\"\(JournalRedactor.maskingDigits(in: text))\""
    }

    /// The required parameter `name`, or a 400 naming it.
    public func requiredParameter<Value: ParameterValue>(_ name: String, in place: ParameterPlace, as type: Value.Type)
        throws(MockFailure) -> Value
    {
        guard let value = try parameter(name, in: place, as: type) else {
            throw .badRequest("missing \(place) parameter \(name)")
        }
        return value
    }
}
