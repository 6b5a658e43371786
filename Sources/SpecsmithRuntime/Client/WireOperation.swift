/// What generated code tells the runtime about one endpoint: how to reach it and how to authenticate.
public struct WireOperation: Sendable, Hashable {
    /// The operation's name in the spec, such as `checkStatus`.
    public var name: String
    /// The HTTP method.
    public var method: RequestMethod
    /// The name of the host it is sent to, one of the service's hosts.
    public var host: String
    /// The path template with `{name}` placeholders.
    public var path: String
    /// Safe to repeat after a transport failure.
    public var idempotent: Bool
    /// The credentials it sends.
    public var auth: [AuthRequirement]
    /// Wire paths of the request body's sensitive values (`card.number`, `items[].code`), which logs
    /// and mock journals print as `<redacted>`.
    public var sensitiveRequestFields: [String]
    /// Wire paths of the response body's sensitive values, the envelope included (`data.token`).
    public var sensitiveResponseFields: [String]
    /// Wire paths of a declared error body's sensitive values (the spec's error `body` type).
    public var sensitiveErrorFields: [String]
    /// Header parameters whose values are sensitive by their type, never printed like credentials.
    public var sensitiveHeaders: [String]
    /// Path and query parameters whose values are sensitive by their type (`/tokens/{token}`): the
    /// URL carries them, so logs, failures and the mock's journal hide them wherever they repeat.
    public var sensitiveParameters: [String] = []
    /// The status a success answers with: `200`, or what the spec declares (`201`, `202`, `204`).
    public var successStatus: Int
    /// The header that carries an idempotency key (`Idempotency-Key`), when the endpoint takes one:
    /// the client makes one key per call and sends it on every attempt, so the operation may be
    /// repeated after a lost answer even when it is not idempotent itself.
    public var idempotencyKeyHeader: String?
    /// The codes of the errors the operation documents, in the spec's order: the mock answers a
    /// missing credential with the first of status 401 among them.
    public var errors: [ErrorCodeValue]
    /// The media type of the body it takes (`application/json`), or `nil` when it takes none: the
    /// mock refuses a body labelled otherwise with a `415`.
    public var requestMediaType: String?
    /// A conditional GET: `304 Not Modified` is one of its outcomes, which the client returns as
    /// ``Conditional/notModified`` and the mock answers by itself when the request's validators
    /// (`If-None-Match`, `If-Modified-Since`) match the answer's (`ETag`, `Last-Modified`).
    public var answersNotModified = false
    /// The media type of a success body that is not JSON (`application/octet-stream`,
    /// `text/plain`): the client asks for it and reads the body as it is; `nil` for JSON.
    public var responseMediaType: String?
    /// The request body's members that are files (the spec's `file` type), which a
    /// `multipart/form-data` body sends as file parts; every other member is a text part.
    public var fileFields: [String] = []

    /// What generated code tells the runtime about one endpoint.
    public init(
        name: String, method: RequestMethod, host: String, path: String, idempotent: Bool = false,
        auth: [AuthRequirement] = [], sensitiveRequestFields: [String] = [], sensitiveResponseFields: [String] = [],
        sensitiveErrorFields: [String] = [], sensitiveHeaders: [String] = [], successStatus: Int = 200,
        idempotencyKeyHeader: String? = nil, errors: [ErrorCodeValue] = [], requestMediaType: String? = nil,
        answersNotModified: Bool = false, responseMediaType: String? = nil, fileFields: [String] = [],
        sensitiveParameters: [String] = []
    ) {
        self.sensitiveParameters = sensitiveParameters
        self.fileFields = fileFields
        self.responseMediaType = responseMediaType
        self.answersNotModified = answersNotModified
        self.errors = errors
        self.requestMediaType = requestMediaType
        self.name = name
        self.method = method
        self.host = host
        self.path = path
        self.idempotent = idempotent
        self.auth = auth
        self.sensitiveRequestFields = sensitiveRequestFields
        self.sensitiveResponseFields = sensitiveResponseFields
        self.sensitiveErrorFields = sensitiveErrorFields
        self.sensitiveHeaders = sensitiveHeaders
        self.successStatus = successStatus
        self.idempotencyKeyHeader = idempotencyKeyHeader
    }

    /// Whether a lost or failed attempt may be repeated: the operation is idempotent, or an
    /// idempotency key makes its repetition safe.
    public var isRepeatable: Bool { idempotent || idempotencyKeyHeader != nil }

    /// The names of the headers that carry credentials or sensitive values, which are never printed.
    public var credentialHeaders: [String] {
        auth.compactMap(\.header) + sensitiveHeaders
    }

    /// The query parameters that carry an app key (`?api_key=…`).
    public var credentialQueryItems: [String] {
        auth.compactMap { if case let .queryKey(name) = $0.unwrappedOptional { name } else { nil } }
    }

    /// The values of the sensitive path parameters in `requestPath`, a percent-encoded path this
    /// operation's template matches at its end (a base URL may put segments before it), decoded. A
    /// placeholder that shares its segment with text (`{name}.json`) is read between that text;
    /// two placeholders in one segment (`{a}-{b}`) give the segment's whole variable part.
    package func sensitivePathValues(in requestPath: String) -> [String] {
        sensitiveSpans(in: requestPath).map { span in
            String(span.value).removingPercentEncoding ?? String(span.value)
        }
    }

    /// `requestPath` with the value of each sensitive path parameter replaced by `<redacted>`, in
    /// place, whatever its encoding.
    package func hidingSensitiveSegments(in requestPath: String) -> String {
        let spans = sensitiveSpans(in: requestPath)
        guard !spans.isEmpty else { return requestPath }
        var segments = requestPath.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        for span in spans { segments[span.index] = span.prefix + redacted + span.suffix }
        return segments.joined(separator: "/")
    }

    /// Where each sensitive path parameter's value sits in `requestPath`: its segment's index among
    /// the `/`-separated pieces, the template's text around it, and the value as sent.
    private func sensitiveSpans(in requestPath: String) -> [(
        index: Int, prefix: String, suffix: String, value: Substring
    )] {
        guard !sensitiveParameters.isEmpty else { return [] }
        let template = path.split(separator: "/", omittingEmptySubsequences: true)
        let pieces = requestPath.split(separator: "/", omittingEmptySubsequences: false)
        let filled = pieces.indices.filter { !pieces[$0].isEmpty }
        guard filled.count >= template.count else { return [] }
        return zip(template, filled.suffix(template.count)).compactMap { pattern, index in
            guard let open = pattern.firstIndex(of: "{"), let close = pattern.lastIndex(of: "}"),
                sensitiveParameters.contains(where: { pattern.contains("{\($0)}") })
            else { return nil }
            let prefix = String(pattern[..<open])
            let suffix = String(pattern[pattern.index(after: close)...])
            let segment = pieces[index]
            guard segment.count > prefix.count + suffix.count, segment.hasPrefix(prefix), segment.hasSuffix(suffix)
            else { return nil }
            return (index, prefix, suffix, segment.dropFirst(prefix.count).dropLast(suffix.count))
        }
    }
}

/// A credential an operation sends in a header.
public enum AuthRequirement: Sendable, Hashable {
    /// The session token the issuing endpoint returned, after `prefix` (such as `Bearer `).
    case session(header: String, prefix: String)
    /// The app key the client was configured with.
    case appKey(header: String)
    /// An app key sent after `prefix`, such as `Authorization: Bearer <key>`.
    case prefixedKey(header: String, prefix: String)
    /// An app key sent in the query parameter `name` (`?api_key=…`).
    case queryKey(name: String)
    /// A credential sent when the client has one: without it the call goes anonymously.
    indirect case optional(AuthRequirement)

    /// The header the credential travels in; `nil` for a key in the query.
    public var header: String? {
        switch self {
        case let .session(header, _), let .appKey(header), let .prefixedKey(header, _): header
        case .queryKey: nil
        case let .optional(inner): inner.header
        }
    }

    /// The requirement itself, whether optional or not.
    public var unwrappedOptional: AuthRequirement {
        if case let .optional(inner) = self { inner.unwrappedOptional } else { self }
    }

    /// The name the client keeps an app key under: its header, or `?` and its query parameter.
    public var keyName: String? {
        switch self {
        case .session: nil
        case let .appKey(header), let .prefixedKey(header, _): header
        case let .queryKey(name): "?" + name
        case let .optional(inner): inner.keyName
        }
    }
}
