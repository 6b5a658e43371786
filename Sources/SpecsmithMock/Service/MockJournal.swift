import Foundation

/// One request as a mock received it, with every sensitive value redacted.
public struct MockJournalEntry: Codable, Sendable, Equatable {
    public var method: String
    public var path: String
    public var query: [String: String]
    /// Header values that carry credentials are `<redacted>`.
    public var headers: [String: String]
    /// The body as JSON text with sensitive fields `<redacted>`.
    public var body: String
    /// The operation the request was routed to, if any.
    public var operation: String?
    /// The status the mock answered with.
    public var status: Int
}
