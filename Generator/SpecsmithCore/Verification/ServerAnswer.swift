import Foundation

/// What a running server answered to one request, as `specsmith verify` judges it.
public struct ServerAnswer: Sendable, Hashable {
    /// The HTTP status.
    public var status: Int
    /// The response headers, each name lowercased (HTTP field names are case-insensitive).
    public var headers: [String: String]
    /// The body's bytes, empty when there is none.
    public var body: Data

    /// An answer with `status`, `headers` (any case) and `body`.
    public init(status: Int, headers: [String: String] = [:], body: Data = Data()) {
        self.status = status
        self.headers = Dictionary(headers.map { ($0.key.lowercased(), $0.value) }) { first, _ in first }
        self.body = body
    }

    /// The `Content-Type` header, if there is one.
    public var contentType: String? { headers["content-type"] }

    /// Whether the content type is JSON: `application/json` or a `+json` type such as
    /// `application/problem+json`, with any parameters.
    public var isJSON: Bool {
        guard let contentType else { return false }
        let mediaType = contentType.split(separator: ";").first.map { $0.trimmingWhitespace.lowercased() } ?? ""
        return mediaType == "application/json" || (mediaType.hasPrefix("application/") && mediaType.hasSuffix("+json"))
    }
}
