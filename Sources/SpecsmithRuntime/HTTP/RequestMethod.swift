/// An HTTP request method, as the client transport sends it and the mock server routes it.
///
/// Methods are case-sensitive tokens (RFC 9110 §9.1); the constants are the ones specs use.
public struct RequestMethod: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral,
    CustomStringConvertible
{
    /// The method as it is sent, such as `POST`.
    public let rawValue: String

    /// The method `rawValue`, as sent.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// The method `rawValue`, as sent.
    public init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    /// A method written as a literal: `"POST"`.
    public init(stringLiteral value: String) {
        rawValue = value
    }

    /// The method as it is sent.
    public var description: String { rawValue }

    /// Reads a resource.
    public static let get: RequestMethod = "GET"
    /// Reads a resource's headers only.
    public static let head: RequestMethod = "HEAD"
    /// Creates, or performs an operation; not idempotent.
    public static let post: RequestMethod = "POST"
    /// Replaces a resource.
    public static let put: RequestMethod = "PUT"
    /// Changes part of a resource; not idempotent.
    public static let patch: RequestMethod = "PATCH"
    /// Removes a resource.
    public static let delete: RequestMethod = "DELETE"
    /// Asks what a resource allows.
    public static let options: RequestMethod = "OPTIONS"

    /// Whether a request with this method is safe to send again (RFC 9110 §9.2.2); a POST or a
    /// PATCH is not, and no transport may repeat one on its own.
    public var isIdempotent: Bool {
        [.get, .head, .put, .delete, .options].contains(self)
    }
}
