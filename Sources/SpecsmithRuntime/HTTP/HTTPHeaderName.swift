/// The header names the client transport and the mock server both use. Header names compare
/// case-insensitively, so the mock keys its headers by ``lowercased``.
public struct HTTPHeaderName: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The name as it is sent.
    public let rawValue: String

    /// The header `rawValue`, as sent.
    public init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    /// A header name written as a literal: `"Retry-After"`.
    public init(stringLiteral value: String) {
        rawValue = value
    }

    /// The lowercase form the mock's parser files headers under.
    public var lowercased: String { rawValue.lowercased() }

    /// Whether `name` can name a header: a token (RFC 9110 §5.1).
    public static func isToken(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.allSatisfy(tokenBytes.contains)
    }

    private static let tokenBytes = Set(
        "!#$%&'*+-.^_`|~0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ".utf8)

    /// The name as it is sent.
    public var description: String { rawValue }

    /// Names compare case-insensitively.
    public static func == (lhs: HTTPHeaderName, rhs: HTTPHeaderName) -> Bool { lhs.lowercased == rhs.lowercased }

    /// Hashes the lowercase form, to agree with `==`.
    public func hash(into hasher: inout Hasher) { hasher.combine(lowercased) }

    /// Which media types the client takes.
    public static let accept: HTTPHeaderName = "Accept"
    /// Credentials, such as a bearer token.
    public static let authorization: HTTPHeaderName = "Authorization"
    /// Whether the connection stays open.
    public static let connection: HTTPHeaderName = "Connection"
    /// The body's length in bytes.
    public static let contentLength: HTTPHeaderName = "Content-Length"
    /// The body's media type.
    public static let contentType: HTTPHeaderName = "Content-Type"
    /// Cookies; the mock's journal redacts them.
    public static let cookie: HTTPHeaderName = "Cookie"
    /// The host and port the request is for.
    public static let host: HTTPHeaderName = "Host"
    /// The origin of a browser's request.
    public static let origin: HTTPHeaderName = "Origin"
    /// How long to wait before trying again.
    public static let retryAfter: HTTPHeaderName = "Retry-After"
    /// How the body is framed, such as `chunked`.
    public static let transferEncoding: HTTPHeaderName = "Transfer-Encoding"
}
