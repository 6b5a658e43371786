import Foundation
import SpecsmithRuntime

/// The bytes of an HTTP/1.1 response. A response whose headers could split it (CR, LF or NUL in a
/// value, a name that is not a token) is never sent: a 500 goes out instead. Statuses that have no
/// body by definition (1xx, 204, 304) are sent without one.
enum HTTPResponseEncoder {
    /// - Parameters:
    ///   - method: The request's method (`HEAD` gets no body), or `nil` for an error before one was read.
    ///   - declaredLength: The Content-Length to announce instead of the body's (a truncation fault).
    static func encode(_ response: MockResponse, method: String?, keepAlive: Bool, declaredLength: Int? = nil)
        -> [UInt8]
    {
        guard isValid(response.headers) else {
            return encode(
                .error(status: 500, message: "the mock's answer has a header that would split the response"),
                method: method, keepAlive: false)
        }
        let status = response.status
        let informational = (100...199).contains(status)
        let noContentLength = informational || status == 204
        let omitsBody = noContentLength || status == 304 || method == HTTPMethod.head.rawValue
        var bytes: [UInt8] = []
        bytes.reserveCapacity(128 + (omitsBody ? 0 : response.body.count))
        bytes += "HTTP/1.1 \(status) \(HTTPStatus(rawValue: status).reasonPhrase)\r\n".utf8
        for (name, value) in response.headers.sorted(by: { $0.key < $1.key })
        where name != "content-length" && name != "connection" && name != "transfer-encoding"
            && !(omitsBody && name == "content-type")
        {
            bytes += name.utf8
            bytes += ": ".utf8
            bytes += value.utf8
            bytes += "\r\n".utf8
        }
        if !noContentLength {
            bytes += "content-length: \(status == 304 ? 0 : declaredLength ?? response.body.count)\r\n".utf8
        }
        // A 1xx is not a final answer; the client would wait for one, so the connection ends here.
        bytes += (keepAlive && !informational ? "\r\n" : "connection: close\r\n\r\n").utf8
        if !omitsBody { bytes += response.body }
        return bytes
    }

    /// Whether each byte may stand in a header name (RFC 9110 `tchar`), by value: a table, because
    /// every header of every answer is checked.
    private static let isTokenByte: [Bool] = {
        let token = Set("!#$%&'*+-.^_`|~0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ".utf8)
        return (0...255).map { token.contains(UInt8($0)) }
    }()

    static func isValid(_ headers: [String: String]) -> Bool {
        headers.allSatisfy { name, value in
            !name.isEmpty && name.utf8.allSatisfy { isTokenByte[Int($0)] }
                && value.utf8.allSatisfy { $0 == 9 || ($0 >= 32 && $0 != 127) }
        }
    }
}

extension MockResponse {
    /// The server's own error answer: `{"error": {"code", "message"}}`.
    static func error(status: Int, message: String) -> MockResponse {
        let body =
            (try? JSONSerialization.data(
                withJSONObject: ["error": ["code": status, "message": message]], options: [.sortedKeys])) ?? Data()
        return MockResponse(status: status, body: body)
    }
}
