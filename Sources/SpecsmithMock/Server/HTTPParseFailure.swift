/// Why a request cannot be served; each maps to the status the server answers before closing.
package enum HTTPParseFailure: Error, Equatable {
    /// Malformed syntax or ambiguous framing: 400.
    case badRequest(String)
    /// The request line and headers, or the trailers of a chunked body, exceed the limit: 431.
    case headersTooLarge
    /// The body, chunk framing and extensions included, exceeds the limit: 413.
    case bodyTooLarge
    /// A transfer coding other than chunked: 501.
    case notImplemented(String)

    package var status: Int {
        switch self {
        case .badRequest: 400
        case .headersTooLarge: 431
        case .bodyTooLarge: 413
        case .notImplemented: 501
        }
    }

    package var message: String {
        switch self {
        case let .badRequest(text): text
        case .headersTooLarge: "the request headers are larger than the server accepts"
        case .bodyTooLarge: "the request body is larger than the server accepts"
        case let .notImplemented(text): text
        }
    }
}
