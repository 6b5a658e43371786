/// An HTTP status code with its reason phrase, shared by the client (which statuses to retry) and
/// the mock server (the status line it writes).
public struct HTTPStatus: RawRepresentable, Hashable, Sendable, ExpressibleByIntegerLiteral {
    /// The numeric code, such as 404.
    public let rawValue: Int

    /// The status with code `rawValue`.
    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    /// A status written as a literal: `404`.
    public init(integerLiteral value: Int) {
        rawValue = value
    }

    /// Whether the status is 2xx.
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

    /// 200 OK.
    public static let ok: HTTPStatus = 200
    /// 204 No Content.
    public static let noContent: HTTPStatus = 204
    /// 400 Bad Request.
    public static let badRequest: HTTPStatus = 400
    /// 403 Forbidden.
    public static let forbidden: HTTPStatus = 403
    /// 404 Not Found.
    public static let notFound: HTTPStatus = 404
    /// 405 Method Not Allowed.
    public static let methodNotAllowed: HTTPStatus = 405
    /// 408 Request Timeout.
    public static let requestTimeout: HTTPStatus = 408
    /// 413 Content Too Large.
    public static let contentTooLarge: HTTPStatus = 413
    /// 429 Too Many Requests.
    public static let tooManyRequests: HTTPStatus = 429
    /// 431 Request Header Fields Too Large.
    public static let headerFieldsTooLarge: HTTPStatus = 431
    /// 500 Internal Server Error.
    public static let internalServerError: HTTPStatus = 500
    /// 502 Bad Gateway.
    public static let badGateway: HTTPStatus = 502
    /// 503 Service Unavailable.
    public static let serviceUnavailable: HTTPStatus = 503
    /// 504 Gateway Timeout.
    public static let gatewayTimeout: HTTPStatus = 504
}
