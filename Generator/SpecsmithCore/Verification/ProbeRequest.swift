import Foundation

/// One request `specsmith verify` sends to a running server: an operation's example or drawn
/// values, with or without its credentials.
///
/// It knows which of its parts are secret (credentials, sensitive fields and parameters), so
/// ``shown`` prints it without any of them in clear.
public struct ProbeRequest: Sendable {
    /// One header or query item.
    public struct Item: Sendable, Hashable {
        public var name: String
        public var value: String
        /// Never printed: a credential or a sensitive value.
        public var isSecret: Bool

        /// An item `name` = `value`, secret or not.
        public init(name: String, value: String, isSecret: Bool = false) {
            self.name = name
            self.value = value
            self.isSecret = isSecret
        }
    }

    /// The operation the request calls.
    public var endpoint: Endpoint
    /// Where its values come from, as the output says it: `example "card payment"` or `drawn values`.
    public var origin: String
    /// The path with each `{param}` filled in and percent-encoded.
    public var path: String
    /// The path as printed: a sensitive parameter's value replaced by `<redacted>`.
    public var shownPath: String
    public var query: [Item]
    public var headers: [Item]
    /// The JSON body, if the operation takes one.
    public var body: JSONNode?
    /// Wire paths of the body's sensitive values (``ResolvedEndpoint/sensitiveRequestPaths``).
    public var sensitivePaths: [String]
    /// The body's members that are files, sent as file parts of a multipart body
    /// (``ResolvedEndpoint/fileFields``).
    public var fileFields: [String] = []
    /// Whether the request carries the operation's required credentials; `false` for the request
    /// that proves the operation refuses a caller without them.
    public var carriesCredentials: Bool = true

    /// A request to `endpoint`, carrying its required credentials unless `carriesCredentials` is `false`.
    public init(
        endpoint: Endpoint, origin: String, path: String, shownPath: String, query: [Item], headers: [Item],
        body: JSONNode?, sensitivePaths: [String], carriesCredentials: Bool = true
    ) {
        self.endpoint = endpoint
        self.origin = origin
        self.path = path
        self.shownPath = shownPath
        self.query = query
        self.headers = headers
        self.body = body
        self.sensitivePaths = sensitivePaths
        self.carriesCredentials = carriesCredentials
    }

    /// The path and query as sent, percent-encoded.
    public var target: String {
        guard !query.isEmpty else { return path }
        return path + "?" + query.map { "\(Self.encode($0.name))=\(Self.encode($0.value))" }.joined(separator: "&")
    }

    /// The method, path, query and body as printed: credentials and sensitive values are `<redacted>`.
    public var shown: String {
        var line = "\(endpoint.method.rawValue) \(shownPath)"
        if !query.isEmpty {
            line +=
                "?"
                + query.map { "\($0.name)=\($0.isSecret ? Self.redacted : Self.encode($0.value))" }.joined(
                    separator: "&")
        }
        if let body { line += " " + JSONText.compact(SensitiveRedaction(paths: sensitivePaths).redacting(body)) }
        return line
    }

    /// What a secret is printed as.
    public static let redacted = "<redacted>"

    // MARK: - Credentials

    /// The request with each credential of `credentials` it has a secret for, keyed by scheme name in
    /// `secrets` (a session token or an app key), in its header or query item.
    /// - Returns: The request, and the schemes of required credentials it has no secret for.
    public func authorized(by credentials: [Credential], secrets: [String: String]) -> (
        request: ProbeRequest, missing: [String]
    ) {
        var request = self
        var missing: [String] = []
        for credential in credentials {
            guard let secret = secrets[credential.scheme] else {
                if case .optional = credential.requirement {} else { missing.append(credential.scheme) }
                continue
            }
            switch credential.requirement.unwrappedOptional {
            case let .session(header, prefix), let .prefixedKey(header, prefix):
                request.headers.append(Item(name: header, value: prefix + secret, isSecret: true))
            case let .appKey(header):
                request.headers.append(Item(name: header, value: secret, isSecret: true))
            case let .queryKey(name):
                request.query.append(Item(name: name, value: secret, isSecret: true))
            case .optional:
                break
            }
        }
        return (request, missing)
    }

    // MARK: - Private helpers

    static func encode(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? text
    }

    /// RFC 3986's unreserved characters: everything else in a path segment or query item is escaped.
    private static let unreserved = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
}
