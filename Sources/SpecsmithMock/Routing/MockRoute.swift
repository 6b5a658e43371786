import Foundation
@_spi(Generated) import SpecsmithRuntime

/// One endpoint a mock serves: the operation it answers and the handler that makes its answer.
public struct MockRoute: Sendable {
    /// Makes the answer to a routed request, or throws the failure to answer with.
    public typealias Handler = @Sendable (MockRequest) async throws(MockFailure) -> any Encodable & Sendable

    /// The generated operation: its method, path template and auth.
    public var operation: WireOperation
    /// What makes the answer.
    public var handler: Handler
    /// The path template split once, for matching every request: a literal or a parameter's name.
    private let templateSegments: [TemplateSegment]
    /// How many segments of the template are literal, to prefer `/a/b` over `/a/{id}`.
    let literalSegments: Int

    private enum TemplateSegment: Sendable {
        case literal(Substring)
        case parameter(String)
    }

    /// A route answering `operation` with `handler`.
    public init(_ operation: WireOperation, handler: @escaping Handler) {
        self.operation = operation
        self.handler = handler
        templateSegments = operation.path.split(separator: "/", omittingEmptySubsequences: false).map { segment in
            segment.hasPrefix("{") && segment.hasSuffix("}")
                ? .parameter(String(segment.dropFirst().dropLast())) : .literal(segment)
        }
        literalSegments = templateSegments.filter { if case .literal = $0 { true } else { false } }.count
    }

    /// How many segments a path matching this route has.
    var segmentCount: Int { templateSegments.count }

    /// The path parameters when `path` matches this route's template, else `nil`.
    func match(_ path: String) -> [String: String]? {
        match(segments: path.split(separator: "/", omittingEmptySubsequences: false))
    }

    /// The path parameters when a path split at every `/` matches this route's template, else `nil`.
    func match(segments pathSegments: [Substring]) -> [String: String]? {
        guard templateSegments.count == pathSegments.count else { return nil }
        // Literals first: most routes fail on one, before any parameter is decoded.
        for (template, actual) in zip(templateSegments, pathSegments) {
            if case let .literal(literal) = template, literal != actual { return nil }
        }
        var parameters: [String: String] = [:]
        for (template, actual) in zip(templateSegments, pathSegments) {
            guard case let .parameter(name) = template else { continue }
            guard !actual.isEmpty else { return nil }
            parameters[name] = actual.contains("%") ? actual.removingPercentEncoding ?? String(actual) : String(actual)
        }
        return parameters
    }
}

/// Matches requests to routes and wraps answers and failures in the service's envelope.
public struct MockRouter: Sendable {
    /// Every route, in the spec's order; a more literal path wins over a parameter.
    public let routes: [MockRoute]
    /// The service's envelope, around every answer and failure.
    @_spi(Generated) public let envelope: WireEnvelope

    /// Which routes a path of each segment count can match, in the spec's order: every request
    /// is compared with those only.
    private let routesBySegmentCount: [Int: [MockRoute]]
    /// The routes whose template has no parameter, by their path, in the spec's order: a path that
    /// is one of them is found with one lookup, and no template with a parameter can beat it.
    private let literalRoutes: [String: [MockRoute]]

    /// The spec's errors by code (by status for one told apart by its status alone): what the
    /// mock's own refusals answer with.
    @_spi(Generated) public let errors: [ErrorCodeValue: ErrorCodeInfo]
    /// The spec's error `body` type as a template, when it declares one: the body of every error
    /// answer that brings none of its own.
    @_spi(Generated) public let errorBody: MockErrorBody?
    /// How the service keeps idempotency keys.
    @_spi(Generated) public let idempotency: MockIdempotency

    /// A router over `routes` that wraps answers in `envelope` and answers its own refusals with
    /// the `errors` the spec declares, in `errorBody` when there is one; generated handlers make it.
    @_spi(Generated) public init(
        routes: [MockRoute], envelope: WireEnvelope, errors: [ErrorCodeValue: ErrorCodeInfo] = [:],
        errorBody: MockErrorBody? = nil,
        idempotency: MockIdempotency = MockIdempotency()
    ) {
        self.idempotency = idempotency
        self.routes = routes
        self.envelope = envelope
        self.errors = errors
        self.errorBody = errorBody
        routesBySegmentCount = Dictionary(grouping: routes, by: \.segmentCount)
        literalRoutes = Dictionary(
            grouping: routes.filter { $0.literalSegments == $0.segmentCount }, by: \.operation.path)
    }

    /// What routing found for one request: done once per request, then shared by the fault
    /// lookup, the journal and the answer.
    public struct Match: Sendable {
        fileprivate let found: (route: MockRoute, parameters: [String: String])?
        /// The routes the path matches best, whatever their method: their methods are the ones
        /// allowed when no route takes this method on it.
        fileprivate let candidates: [MockRoute]

        /// The methods the path takes, when no route takes this method on it.
        fileprivate var allowed: [RequestMethod] { candidates.map(\.operation.method) }

        /// The operation the request is for, if a route takes it.
        public var operation: WireOperation? { found?.route.operation }

        /// The operations whose template the path matches, whatever their method: what says which of
        /// its segments hold sensitive values, for a method no route takes too.
        var pathOperations: [WireOperation] { found.map { [$0.route.operation] } ?? candidates.map(\.operation) }

        /// `path` with every sensitive path parameter of ``pathOperations`` `<redacted>` and long digit
        /// runs masked: how the mock's own messages and its journal show a request's path.
        func hiding(in path: String) -> String {
            JournalRedactor.maskingDigits(in: pathOperations.reduce(path) { $1.hidingSensitiveSegments(in: $0) })
        }
    }

    /// The route that takes `request`, or the methods its path allows.
    public func match(_ request: MockRequest) -> Match {
        if let literal = literalRoutes[request.path] {
            return Match(
                found: literal.first { $0.operation.method == request.method }.map { ($0, [:]) }, candidates: literal)
        }
        let segments = request.path.split(separator: "/", omittingEmptySubsequences: false)
        var found: (route: MockRoute, parameters: [String: String])?
        var candidates: [MockRoute] = []
        // A template with more literal segments wins: /payments/with-new-card is not /payments/{token}.
        var best = -1
        for route in routesBySegmentCount[segments.count] ?? [] where route.literalSegments >= best {
            guard let parameters = route.match(segments: segments) else { continue }
            if route.literalSegments > best {
                best = route.literalSegments
                found = nil
                candidates = []
            }
            candidates.append(route)
            if found == nil, route.operation.method == request.method { found = (route, parameters) }
        }
        return Match(found: found, candidates: candidates)
    }

    /// The operation a request is for, if any route takes it.
    public func operation(for request: MockRequest) -> WireOperation? {
        match(request).operation
    }

    /// Answers one request: 404 for an unknown path, 405 for a known path with another method.
    public func respond(to request: MockRequest) async -> MockResponse {
        await respond(to: request, as: match(request))
    }

    /// Answers a request routing has already matched.
    // Inlined into MockService.respond(to:), for the reason given there.
    @inline(__always)
    public func respond(to request: MockRequest, as match: Match) async -> MockResponse {
        guard let (route, parameters) = match.found else {
            guard !match.allowed.isEmpty else {
                return failure(
                    .raisedByMock(status: 404, message: "no route for \(match.hiding(in: request.path))"))
            }
            let allowed = match.allowed.map(\.rawValue).joined(separator: ", ")
            return failure(
                .raisedByMock(
                    status: 405,
                    message: "\(request.method) is not allowed on \(match.hiding(in: request.path))",
                    headers: ["allow": allowed]))
        }
        if !route.operation.auth.isEmpty, let refusal = Self.credentialRefusal(of: request, for: route.operation) {
            return failure(refusal, for: route.operation)
        }
        if let refusal = Self.mediaRefusal(of: request, for: route.operation) {
            return failure(refusal, for: route.operation)
        }
        var routed = request
        routed.pathParameters = parameters
        do throws(MockFailure) {
            let answer = try await route.handler(routed)
            if route.operation.answersNotModified, let unchanged = Self.notModified(routed, answer) { return unchanged }
            return success(answer, status: route.operation.successStatus, as: route.operation.responseMediaType)
        } catch {
            return failure(error, for: route.operation)
        }
    }

    /// The answer to a handled request: the operation's success status, the headers a reply
    /// declares, and the payload in the envelope; a `204` has no body.
    func success(_ answer: any Encodable & Sendable, status: Int = 200, as mediaType: String? = nil) -> MockResponse {
        var payload = answer
        var headers: [String: String] = [:]
        if let headed = answer as? MockHeadedAnswer {
            payload = headed.body
            for (name, value) in headed.headers { headers[name.lowercased()] = value }
        }
        if status == 204 { return MockResponse(status: status, headers: headers, body: Data()) }
        // Bytes and text go as they are, labelled with their media type.
        if let mediaType, RawBody.isRaw(mediaType), let raw = RawBody.encode(payload) {
            headers["content-type"] = RawBody.label(mediaType)
            return MockResponse(status: status, headers: headers, body: raw)
        }
        // A form is the payload's members, as the client's form reader takes them.
        if mediaType == FormEncoding.mediaType, let form = try? FormEncoding.encode(payload) {
            headers["content-type"] = FormEncoding.mediaType
            return MockResponse(status: status, headers: headers, body: form)
        }
        do {
            var response = MockResponse(status: status, body: try encodeEnveloped(payload))
            if !headers.isEmpty { response.headers.merge(headers) { _, declared in declared } }
            return response
        } catch {
            return failure(.raisedByMock(status: 500, message: "cannot encode the answer: \(error)"))
        }
    }

    private func encodeEnveloped<Payload: Encodable & Sendable>(_ payload: Payload) throws -> Data {
        let body = try WireCoding.encode(SuccessBody(payload: payload, envelope: envelope))
        // A marker beside a bare payload (Slack's `"ok": true`) is the first member of the payload's
        // object, put in as bytes so the payload's own digits stay as they were written.
        guard envelope.dataField == nil, let marker = envelope.successMarker, body.first == UInt8(ascii: "{"),
            (try? JSONSerialization.jsonObject(with: body) as? [String: Any])?[marker.field] == nil
        else { return body }
        let member = try JSONEncoder().encode(marker.field) + Data(":".utf8) + JSONEncoder().encode(marker.value)
        let rest = body.dropFirst().drop { $0 == UInt8(ascii: " ") }
        return Data("{".utf8) + member + (rest.first == UInt8(ascii: "}") ? Data() : Data(",".utf8)) + rest
    }

    /// A success body in this service's envelope, cut short so it is not JSON: what the
    /// `malformedJSON` fault answers with. It comes from the spec's envelope, so the generic mock
    /// knows no service's shape.
    public func malformedSuccessBody() -> Data {
        let whole = (try? encodeEnveloped([String: String]())) ?? Data("{}".utf8)
        return Data(whole.dropLast())
    }

    /// The answer to `failure` in the spec's error shape: its own body when it brings one, else the
    /// spec's error `body` type or the envelope's error, filled with its status, code and message.
    /// A refusal the mock makes by itself takes the error the spec declares for its status
    /// (see ``declaredError(status:for:)``).
    /// - Parameters:
    ///   - failure: What went wrong, as a handler or the mock itself raised it.
    ///   - operation: The operation the request was for, whose documented errors come first.
    public func failure(_ failure: MockFailure, for operation: WireOperation? = nil) -> MockResponse {
        var failure = failure
        if failure.isRaisedByMock { declare(&failure, for: operation) }
        let body =
            failure.body
            ?? errorBody?.body(status: failure.status, code: failure.code, message: failure.message)
            ?? (try? WireCoding.encode(
                EnvelopedError(code: failure.code, message: failure.message, envelope: envelope)))
            ?? Data()
        var response = MockResponse(status: failure.status, body: body)
        for (name, value) in failure.headers { response.headers[name.lowercased()] = value }
        if let condition = failure.condition { Self.carry(condition, in: &response) }
        return response
    }

    /// Puts what names a conditional error into its answer: the header with its value, unless the
    /// handler set it; the body member with its value, as a JSON string.
    private static func carry(_ condition: ErrorCondition, in response: inout MockResponse) {
        switch condition.source {
        case let .header(name):
            if response.headers[name.lowercased()] == nil { response.headers[name.lowercased()] = condition.value }
        case let .field(path):
            guard var body = try? JSONDecoder().decode(JSONValue.self, from: response.body) else { return }
            body.set(.string(condition.value), at: path[...])
            if let patched = try? WireCoding.encode(body) { response.body = patched }
        }
    }
}

/// Encodes any payload inside the envelope (``EnvelopedPayload`` needs a concrete decodable type).
private struct SuccessBody<Payload: Encodable>: Encodable {
    var payload: Payload
    var envelope: WireEnvelope

    func encode(to encoder: any Encoder) throws {
        try envelope.encodeSuccess(payload, to: encoder)
    }
}

/// A generated payload writes itself inside the envelope, with no tree around it.
extension SuccessBody: WireJSONWritable where Payload: WireJSONWritable {
    func writeJSON(to json: inout WireJSONWriter) throws {
        try envelope.writeSuccess(payload, to: &json)
    }
}

/// A handler's answer with the response headers its endpoint declares: what a generated route
/// makes of the `Reply` a handler returns.
@_spi(Generated) public struct MockHeadedAnswer: Encodable, Sendable {
    /// The payload, sent in the envelope.
    public var body: any Encodable & Sendable
    /// The headers, by wire name.
    public var headers: [String: String]

    /// An answer of `body` with `headers`.
    public init(body: any Encodable & Sendable, headers: [String: String]) {
        self.body = body
        self.headers = headers
    }

    public func encode(to encoder: any Encoder) throws {
        try body.encode(to: encoder)
    }
}
