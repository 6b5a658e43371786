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

    /// The reason phrase of the status line: RFC 9110 §15's for every status it registers, with
    /// 429 and 431 from RFC 6585 and 103 from RFC 8297. Any phrase is valid on the wire, so a status
    /// outside the registry gets its class's name (`Client Error` for an unlisted 4xx).
    public var reasonPhrase: String {
        Self.registeredPhrases[rawValue] ?? Self.classPhrase(of: rawValue)
    }

    private static let registeredPhrases: [Int: String] = [
        100: "Continue", 101: "Switching Protocols", 103: "Early Hints",
        200: "OK", 201: "Created", 202: "Accepted", 203: "Non-Authoritative Information", 204: "No Content",
        205: "Reset Content", 206: "Partial Content",
        300: "Multiple Choices", 301: "Moved Permanently", 302: "Found", 303: "See Other", 304: "Not Modified",
        305: "Use Proxy", 307: "Temporary Redirect", 308: "Permanent Redirect",
        400: "Bad Request", 401: "Unauthorized", 402: "Payment Required", 403: "Forbidden", 404: "Not Found",
        405: "Method Not Allowed", 406: "Not Acceptable", 407: "Proxy Authentication Required",
        408: "Request Timeout", 409: "Conflict", 410: "Gone", 411: "Length Required", 412: "Precondition Failed",
        413: "Content Too Large", 414: "URI Too Long", 415: "Unsupported Media Type", 416: "Range Not Satisfiable",
        417: "Expectation Failed", 421: "Misdirected Request", 422: "Unprocessable Content",
        426: "Upgrade Required", 428: "Precondition Required", 429: "Too Many Requests",
        431: "Request Header Fields Too Large",
        500: "Internal Server Error", 501: "Not Implemented", 502: "Bad Gateway", 503: "Service Unavailable",
        504: "Gateway Timeout", 505: "HTTP Version Not Supported",
    ]

    private static func classPhrase(of status: Int) -> String {
        switch status {
        case 100..<200: "Informational"
        case 200..<300: "Success"
        case 300..<400: "Redirection"
        case 400..<500: "Client Error"
        default: "Server Error"
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
