/// The header names the client transport and the mock server both use. Header names compare
/// case-insensitively, so the mock keys its headers by ``lowercased``.
public struct HTTPHeaderName: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The name as it is sent.
    public let rawValue: String

    public init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    public init(stringLiteral value: String) {
        rawValue = value
    }

    /// The lowercase form the mock's parser files headers under.
    public var lowercased: String { rawValue.lowercased() }

    public var description: String { rawValue }

    public static func == (lhs: HTTPHeaderName, rhs: HTTPHeaderName) -> Bool { lhs.lowercased == rhs.lowercased }

    public func hash(into hasher: inout Hasher) { hasher.combine(lowercased) }

    public static let accept: HTTPHeaderName = "Accept"
    public static let authorization: HTTPHeaderName = "Authorization"
    public static let connection: HTTPHeaderName = "Connection"
    public static let contentLength: HTTPHeaderName = "Content-Length"
    public static let contentType: HTTPHeaderName = "Content-Type"
    public static let cookie: HTTPHeaderName = "Cookie"
    public static let host: HTTPHeaderName = "Host"
    public static let origin: HTTPHeaderName = "Origin"
    public static let retryAfter: HTTPHeaderName = "Retry-After"
    public static let transferEncoding: HTTPHeaderName = "Transfer-Encoding"
}
