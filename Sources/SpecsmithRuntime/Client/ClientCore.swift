import Foundation

/// The engine behind every generated client: builds requests, injects credentials, sends them
/// through the transport, and decodes the envelope into a typed value or a typed failure.
///
/// Only generated clients call it, and they keep it private: an app that could reach it could read
/// the session token or send a request that skips what an SDK layer adds.
@_spi(Generated) public final class ClientCore: Sendable {
    public let baseURLs: [String: URL]
    public let envelope: WireEnvelope
    public let transport: any HTTPTransport
    /// The app keys the client was given, by the header each travels in.
    public let appKeys: [String: String]
    public let timeout: TimeInterval
    /// What each attempt passes through before the transport, in order.
    public let middlewares: [any TransportMiddleware]
    /// When idempotent operations are repeated.
    public let retry: RetryPolicy
    /// Headers the spec pins for every call (an API version, an `Accept`), by name and value; one
    /// named like a header the client adds by default (`Accept`) takes its place.
    public let constantHeaders: [(name: String, value: String)]
    /// The answer header by which the server says whether a failed call may be repeated
    /// (`Stripe-Should-Retry`): `true` repeats a repeatable call whatever its status, `false`
    /// never repeats it; absent, the retry policy's statuses decide.
    public let shouldRetryHeader: String?
    /// The errors the spec marks `retryable`, by catalogue key (a code, or the status of an error
    /// told apart by its status): an answer with one repeats a repeatable call, as a `503` does.
    public let retryableErrors: Set<ErrorCodeValue>
    /// Whether the spec knows every error by its status: the service then has no error codes, so a
    /// `code` member of an error body (the Petstore's `"code": 1`) is the body's own, and the retry
    /// rules look an answer up by its status, as the classification does.
    public let errorsByStatus: Bool
    private let session = Locked<String?>(nil)

    public init(
        baseURLs: [String: URL], envelope: WireEnvelope, transport: any HTTPTransport, appKeys: [String: String] = [:],
        timeout: TimeInterval = 30, middlewares: [any TransportMiddleware] = [], retry: RetryPolicy = RetryPolicy(),
        constantHeaders: [(name: String, value: String)] = [], shouldRetryHeader: String? = nil,
        retryableErrors: Set<ErrorCodeValue> = [], errorsByStatus: Bool = false
    ) {
        self.errorsByStatus = errorsByStatus
        self.shouldRetryHeader = shouldRetryHeader
        self.retryableErrors = retryableErrors
        self.baseURLs = baseURLs
        self.envelope = envelope
        self.transport = transport
        self.appKeys = appKeys
        self.timeout = timeout
        self.middlewares = middlewares
        self.retry = retry
        self.constantHeaders = constantHeaders
    }

    // MARK: - Session

    /// The session token issued by the service, if any.
    public var sessionToken: String? { session.withLock { $0 } }

    /// Keeps the token an issuing endpoint returned, for every later call.
    public func storeSession(_ token: String?) {
        session.withLock { $0 = token }
    }

    // MARK: - Calls

    /// Sends one operation and decodes its answer.
    ///
    /// - Throws: The service's failure type, made from a ``ClientFailure`` naming the operation.
    public func send<Body: Encodable & Sendable, Response: Codable & Sendable, Failure: ServiceFailure>(
        _ operation: WireOperation,
        path: [String: String] = [:],
        query: [(String, (any ParameterValue)?)] = [],
        headers: [(String, (any ParameterValue)?)] = [],
        body: Body? = NoContent?.none,
        as failure: Failure.Type
    ) async throws(Failure) -> Response {
        do {
            return try await perform(operation, path, query, headers, body).payload
        } catch {
            throw Failure(error)
        }
    }

    /// Sends one operation and decodes its answer with the response headers it declares.
    ///
    /// - Throws: The service's failure type, made from a ``ClientFailure`` naming the operation;
    ///   a declared header that is missing or not of its type is a malformed response.
    public func send<
        Body: Encodable & Sendable, Response: Codable & Sendable, Headers: ResponseHeaders, Failure: ServiceFailure
    >(
        _ operation: WireOperation,
        path: [String: String] = [:],
        query: [(String, (any ParameterValue)?)] = [],
        headers: [(String, (any ParameterValue)?)] = [],
        body: Body? = NoContent?.none,
        replyHeaders: Headers.Type,
        as failure: Failure.Type
    ) async throws(Failure) -> Reply<Response, Headers> {
        do throws(ClientFailure) {
            let (payload, response) = try await perform(operation, path, query, headers, body) as (Response, _)
            return try reply(payload, response, operation)
        } catch {
            throw Failure(error)
        }
    }

    /// `payload` with the headers `response` carries, as `Headers` declares them.
    func reply<Response, Headers: ResponseHeaders>(
        _ payload: Response, _ response: TransportResponse, _ operation: WireOperation
    ) throws(ClientFailure) -> Reply<Response, Headers> {
        do {
            return Reply(payload, headers: try Headers(from: HeaderFields(response.headers)), status: response.status)
        } catch {
            throw ClientFailure(
                operation: operation.name, reason: .malformedResponse(error.description),
                response: failureResponse(response))
        }
    }

    func perform<Body: Encodable & Sendable, Response: Codable & Sendable>(
        _ operation: WireOperation, _ path: [String: String], _ query: [(String, (any ParameterValue)?)],
        _ headers: [(String, (any ParameterValue)?)], _ body: Body?, at url: URL? = nil
    ) async throws(ClientFailure) -> (payload: Response, response: TransportResponse) {
        let answer: (payload: Response, response: TransportResponse)? = try await perform(
            operation, path, query, headers, body, at: url, notModified: false)
        guard let answer else {
            throw ClientFailure(operation: operation.name, reason: .malformedResponse("no answer"))
        }
        return answer
    }

    /// Sends the request and decodes the answer; `nil` for a `304 Not Modified` when `notModified`
    /// says the operation declares it as an outcome.
    func perform<Body: Encodable & Sendable, Response: Codable & Sendable>(
        _ operation: WireOperation, _ path: [String: String], _ query: [(String, (any ParameterValue)?)],
        _ headers: [(String, (any ParameterValue)?)], _ body: Body?, at url: URL? = nil, notModified: Bool
    ) async throws(ClientFailure) -> (payload: Response, response: TransportResponse)? {
        do {
            let (request, response) = try await exchange(operation, path, query, headers, body, at: url)
            if notModified, response.status == 304 { return nil }
            do {
                return (try decode(response, as: operation.responseMediaType), response)
            } catch {
                let failure = ClientFailure(
                    operation: operation.name, reason: error, response: failureResponse(response))
                throw failure.hiding(Redaction.sensitiveValues(of: request, for: operation))
            }
        } catch let reason as ClientFailure.Reason {
            throw ClientFailure(operation: operation.name, reason: reason)
        } catch let failure as ClientFailure {
            throw failure
        } catch {
            throw ClientFailure(operation: operation.name, reason: .malformedResponse(String(describing: error)))
        }
    }

    static func sameOrigin(_ url: URL, _ base: URL) -> Bool {
        url.scheme?.lowercased() == base.scheme?.lowercased() && url.host?.lowercased() == base.host?.lowercased()
            && (url.port ?? defaultPort(url)) == (base.port ?? defaultPort(base))
    }

    private static func defaultPort(_ url: URL) -> Int? {
        switch url.scheme?.lowercased() {
        case "http": 80
        case "https": 443
        default: nil
        }
    }

    /// The answer the failure keeps: its status, the headers the envelope names, its body.
    private func failureResponse(_ response: TransportResponse) -> FailureResponse {
        var kept: [String: String] = [:]
        for (name, value) in response.headers where envelope.errorHeaders.contains(name.lowercased()) {
            kept[name.lowercased()] = value
        }
        return FailureResponse(status: response.status, headers: kept, body: response.body)
    }

    /// Sends the request, repeating it as the retry policy allows, and returns the last answer with
    /// the request as the transport got it (a middleware may have added a credential).
    private func exchange<Body: Encodable & Sendable>(
        _ operation: WireOperation, _ path: [String: String], _ query: [(String, (any ParameterValue)?)],
        _ headers: [(String, (any ParameterValue)?)], _ body: Body?, at url: URL? = nil
    ) async throws(ClientFailure.Reason) -> (request: TransportRequest, response: TransportResponse) {
        var request = try makeRequest(operation, path, query, headers, body)
        if let url {
            // A next-page link is followed only on the operation's own origin: the request carries
            // the client's credentials, which no other host may see.
            guard let base = baseURLs[operation.host], Self.sameOrigin(url, base) else {
                throw .malformedResponse("the next page's link leaves the service's host")
            }
            request.url = url
        }
        var attempt = 1
        while true {
            guard !Task.isCancelled else {
                throw .transport(TransportFailure(.cancelled, detail: "the task was cancelled"))
            }
            let response: TransportResponse
            let sent: TransportRequest
            do {
                (sent, response) = try await send(request, operation)
            } catch {
                if let refusal = error.refusal { throw .refused(by: refusal.middleware, reason: refusal.reason) }
                guard operation.isRepeatable, error.kind != .cancelled,
                    let delay = retry.delay(after: attempt, response: nil)
                else {
                    // A transport's error may name the URL it failed to reach, with its sensitive
                    // path and query values.
                    var failure = error
                    failure.detail = Redaction.hiding(
                        Redaction.sensitiveValues(of: request, for: operation), in: failure.detail)
                    throw .transport(failure)
                }
                try await wait(delay)
                attempt += 1
                continue
            }
            if operation.isRepeatable, mayRepeat(response), let delay = retry.delay(after: attempt, response: response)
            {
                try await wait(delay)
                attempt += 1
                continue
            }
            return (sent, response)
        }
    }

    /// Whether a failed answer may be repeated: as the server's should-retry header says; else
    /// when it names an error the spec marks `retryable`; else as the retry policy's statuses say.
    /// A success is never repeated.
    private func mayRepeat(_ response: TransportResponse) -> Bool {
        let isFailure = response.status >= 400
        let said = shouldRetryHeader.flatMap { header in
            response.headers.first { HTTPHeaderName($0.key) == HTTPHeaderName(header) }?.value
        }
        switch said?.trimmingCharacters(in: .whitespaces).lowercased() {
        case "true"? where isFailure: return true
        case "false"? where isFailure: return false
        default: break
        }
        if !retryableErrors.isEmpty, let answer = ErrorAnswer.read(response, envelope: envelope),
            let key = errorsByStatus ? answer.key(byStatus: response.status) : answer.key, retryableErrors.contains(key)
        {
            return true
        }
        return isFailure && retry.retryableStatuses.contains(response.status)
    }

    /// One attempt through the middlewares, in order, to the transport: its answer, and the request
    /// as the transport got it.
    private func send(_ request: TransportRequest, _ operation: WireOperation) async throws(TransportFailure)
        -> (sent: TransportRequest, response: TransportResponse)
    {
        let transport = transport
        let reached = Locked<TransportRequest?>(nil)
        var next: @Sendable (TransportRequest) async throws(TransportFailure) -> TransportResponse = {
            request throws(TransportFailure) in
            reached.withLock { $0 = request }
            return try await transport.send(request)
        }
        for middleware in middlewares.reversed() {
            let following = next
            next = { request throws(TransportFailure) in
                try await middleware.intercept(request, operation: operation, next: following)
            }
        }
        let response = try await next(request)
        return (reached.withLock { $0 } ?? request, response)
    }

    private func wait(_ delay: TimeInterval) async throws(ClientFailure.Reason) {
        do {
            try await retry.sleep(delay)
        } catch {
            throw .transport(TransportFailure(.cancelled, detail: "the task was cancelled while waiting to retry"))
        }
    }

    func makeRequest<Body: Encodable>(
        _ operation: WireOperation, _ path: [String: String], _ query: [(String, (any ParameterValue)?)],
        _ headers: [(String, (any ParameterValue)?)], _ body: Body?
    ) throws(ClientFailure.Reason) -> TransportRequest {
        guard let base = baseURLs[operation.host] else {
            throw .invalidRequest("no base URL for host \"\(operation.host)\"")
        }
        var items = query.flatMap { name, value -> [(String, String)] in
            guard let value else { return [] }
            if let list = value as? ParameterList { return list.queryItems(named: name) }
            return [(name, value.parameterValue)]
        }
        var credentials: [(name: String, value: String)] = []
        for requirement in operation.auth {
            guard let credential = try credential(for: requirement) else { continue }
            if case .queryKey = requirement.unwrappedOptional {
                items.append((credential.name, credential.value))
            } else {
                credentials.append(credential)
            }
        }
        let url = try RequestBuilder.url(base: base, path: operation.path, pathParameters: path, query: items)
        var request = TransportRequest(method: operation.method, url: url, timeout: timeout)
        request.headers.append(
            (name: HTTPHeaderName.accept.rawValue, value: operation.responseMediaType ?? "application/json"))
        for constant in constantHeaders {
            // A pinned Accept names the JSON vocabulary: an operation that answers another media type asks for that.
            if operation.responseMediaType != nil, HTTPHeaderName(constant.name) == .accept { continue }
            request.headers.removeAll { HTTPHeaderName($0.name) == HTTPHeaderName(constant.name) }
            request.headers.append(constant)
        }
        request.headers += credentials
        for (name, value) in headers {
            if let value { request.headers.append((name: name, value: value.parameterValue)) }
        }
        // One key per call, the caller's or one made here: every retry of this request sends the same.
        if let header = operation.idempotencyKeyHeader {
            let given = request.headers.first { $0.name.caseInsensitiveCompare(header) == .orderedSame }
            if let given, given.value.trimmingCharacters(in: .whitespaces).isEmpty {
                throw .invalidRequest("the \(header) the caller gave is empty")
            }
            if given == nil { request.headers.append((name: header, value: UUID().uuidString.lowercased())) }
        }
        if let body, !(body is NoContent) {
            // Bytes or text as they are, a form, or JSON, as the spec says.
            let mediaType = operation.requestMediaType ?? "application/json"
            var label = RawBody.isRaw(mediaType) || mediaType == FormEncoding.mediaType ? mediaType : "application/json"
            if RawBody.isRaw(mediaType) {
                guard let raw = RawBody.encode(body) else { throw .invalidRequest("the body is not \(mediaType)") }
                request.body = raw
            } else {
                do {
                    switch mediaType {
                    case MultipartForm.mediaType:
                        (request.body, label) = try MultipartForm.encode(body, files: Set(operation.fileFields))
                    case FormEncoding.mediaType: request.body = try FormEncoding.encode(body)
                    default: request.body = try WireCoding.encode(body)
                    }
                } catch {
                    throw .invalidRequest("cannot encode the body: \(error)")
                }
            }
            request.headers.append((name: HTTPHeaderName.contentType.rawValue, value: RawBody.label(label)))
        }
        return request
    }

    /// The header (or query parameter) and value `requirement` sends; `nil` for an optional one the
    /// client has nothing for.
    private func credential(for requirement: AuthRequirement) throws(ClientFailure.Reason) -> (
        name: String, value: String
    )? {
        switch requirement {
        case let .session(header, prefix):
            guard let token = sessionToken else { throw .notAuthenticated }
            return (header, prefix + token)
        case let .appKey(header):
            guard let key = appKeys[header] else { throw .invalidRequest("the client has no key for \(header)") }
            return (header, key)
        case let .prefixedKey(header, prefix):
            guard let key = appKeys[header] else { throw .invalidRequest("the client has no key for \(header)") }
            return (header, prefix + key)
        case let .queryKey(name):
            guard let key = appKeys["?" + name] else {
                throw .invalidRequest("the client has no key for the query parameter \(name)")
            }
            return (name, key)
        case let .optional(inner):
            do {
                return try credential(for: inner)
            } catch .notAuthenticated, .invalidRequest {
                return nil
            } catch {
                throw error
            }
        }
    }

    /// The payload of an answer, or the failure its error body names. A success body in a
    /// `mediaType` other than JSON is read as that: bytes or text as they came, a form by the
    /// type's members (only an error answer is JSON).
    func decode<Response: Codable & Sendable>(
        _ response: TransportResponse, as mediaType: String? = nil
    ) throws(ClientFailure.Reason) -> Response {
        if let mediaType, (200..<300).contains(response.status) {
            if RawBody.isRaw(mediaType) {
                guard let payload = RawBody.decode(response.body, as: Response.self) else {
                    throw .malformedResponse("the body is not the \(Response.self) the spec says")
                }
                return payload
            }
            if mediaType == FormEncoding.mediaType {
                do {
                    return try FormDecoding.decode(Response.self, from: response.body)
                } catch {
                    throw .malformedResponse("the form body is not the \(Response.self) the spec says: \(error)")
                }
            }
        }
        if let error = ErrorAnswer.read(response, envelope: envelope) { throw error.reason }
        // An endpoint that declares no answer takes any body a success brings ("User logged out"),
        // unless the envelope marks every success, whose marker is then checked.
        if Response.self == NoContent.self,
            response.body.isEmpty || (envelope.dataField == nil && envelope.successMarker == nil)
        {
            return NoContent() as! Response
        }
        let decoder = WireCoding.decoder(userInfo: [.specsmithEnvelope: envelope])
        do {
            return try decoder.decode(EnvelopedPayload<Response>.self, from: response.body).payload
        } catch let unknown as UnknownDiscriminator {
            throw .unknownDiscriminator(unknown)
        } catch let error as DecodingError {
            throw .malformedResponse(Self.explain(error))
        } catch {
            throw .malformedResponse(String(describing: error))
        }
    }

    /// A one-line account of a decoding error: what went wrong, at which key path.
    public static func explain(_ error: DecodingError) -> String {
        func path(_ keys: [any CodingKey]) -> String {
            let text = keys.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
            return text.isEmpty ? "the body" : text
        }
        switch error {
        case let .keyNotFound(key, context):
            return "missing required field \(path(context.codingPath + [key]))"
        case let .valueNotFound(_, context):
            return "null where a value is required at \(path(context.codingPath))"
        case let .typeMismatch(type, context):
            return "expected \(type) at \(path(context.codingPath))"
        case let .dataCorrupted(context):
            let underlying = context.underlyingError.map { ": \($0)" } ?? ""
            return "\(context.debugDescription) at \(path(context.codingPath))\(underlying)"
        @unknown default:
            return String(describing: error)
        }
    }
}

extension ClientCore: CustomReflectable {
    /// `dump` and debuggers see where calls go, never the session token or the app key.
    public var customMirror: Mirror {
        Mirror(self, children: ["baseURLs": baseURLs, "timeout": timeout, "middlewares": middlewares.count])
    }
}
