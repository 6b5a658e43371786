/// An HTTP status code with its reason phrase, shared by the client (which statuses to retry) and
/// the mock server (the status line it writes).
public struct HTTPStatus: RawRepresentable, Hashable, Sendable, ExpressibleByIntegerLiteral {
    public let rawValue: Int

    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    public init(integerLiteral value: Int) {
        rawValue = value
    }

    public var isSuccess: Bool { (200..<300).contains(rawValue) }

    /// Whether responses with this status never carry a body (RFC 9110 §6.4.1): 1xx, 204 and 304.
    public var hasNoBody: Bool { (100..<200).contains(rawValue) || rawValue == 204 || rawValue == 304 }

    /// The reason phrase of the status line (RFC 9110 §15); any phrase is valid, so an unlisted
    /// status gets a neutral one.
    public var reasonPhrase: String {
        switch rawValue {
        case 100: "Continue"
        case 200: "OK"
        case 201: "Created"
        case 204: "No Content"
        case 304: "Not Modified"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 408: "Request Timeout"
        case 409: "Conflict"
        case 413: "Content Too Large"
        case 422: "Unprocessable Content"
        case 429: "Too Many Requests"
        case 431: "Request Header Fields Too Large"
        case 500: "Internal Server Error"
        case 501: "Not Implemented"
        case 502: "Bad Gateway"
        case 503: "Service Unavailable"
        case 504: "Gateway Timeout"
        default: "Status \(rawValue)"
        }
    }

    public static let ok: HTTPStatus = 200
    public static let noContent: HTTPStatus = 204
    public static let badRequest: HTTPStatus = 400
    public static let forbidden: HTTPStatus = 403
    public static let notFound: HTTPStatus = 404
    public static let methodNotAllowed: HTTPStatus = 405
    public static let requestTimeout: HTTPStatus = 408
    public static let contentTooLarge: HTTPStatus = 413
    public static let tooManyRequests: HTTPStatus = 429
    public static let headerFieldsTooLarge: HTTPStatus = 431
    public static let internalServerError: HTTPStatus = 500
    public static let badGateway: HTTPStatus = 502
    public static let serviceUnavailable: HTTPStatus = 503
    public static let gatewayTimeout: HTTPStatus = 504
}
