/// An HTTP request method, as the client transport sends it and the mock server routes it.
///
/// Methods are case-sensitive tokens (RFC 9110 §9.1); the constants are the ones specs use.
public struct HTTPMethod: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral,
    CustomStringConvertible
{
    public let rawValue: String

    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    public init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    public init(stringLiteral value: String) {
        rawValue = value
    }

    public var description: String { rawValue }

    public static let get: HTTPMethod = "GET"
    public static let head: HTTPMethod = "HEAD"
    public static let post: HTTPMethod = "POST"
    public static let put: HTTPMethod = "PUT"
    public static let patch: HTTPMethod = "PATCH"
    public static let delete: HTTPMethod = "DELETE"
    public static let options: HTTPMethod = "OPTIONS"

    /// Whether a request with this method is safe to send again (RFC 9110 §9.2.2); a POST or a
    /// PATCH is not, and no transport may repeat one on its own.
    public var isIdempotent: Bool {
        [.get, .head, .put, .delete, .options].contains(self)
    }
}
