import Foundation
import SpecsmithRuntime

/// The bytes of an HTTP/1.1 response. A response whose headers could split it (CR, LF or NUL in a
/// value, a name that is not a token) is never sent: a 500 goes out instead. Statuses that have no
/// body by definition (1xx, 204, 304) are sent without one.
enum HTTPResponseEncoder {
    /// The whole response in one buffer: what tests compare.
    /// - Parameters:
    ///   - method: The request's method (`HEAD` gets no body), or `nil` for an error before one was read.
    ///   - declaredLength: The Content-Length to announce instead of the body's (a truncation fault).
    static func encode(_ response: MockResponse, method: String?, keepAlive: Bool, declaredLength: Int? = nil)
        -> [UInt8]
    {
        let (head, body) = encodeParts(response, method: method, keepAlive: keepAlive, declaredLength: declaredLength)
        return head + body
    }

    /// The status line and headers, and the body to send after them (empty when the status or the
    /// method has none): kept apart so the server sends the body from where it already is.
    static func encodeParts(
        _ response: MockResponse, method: String?, keepAlive: Bool, declaredLength: Int? = nil
    ) -> (head: [UInt8], body: Data) {
        guard isValid(response.headers) else {
            return encodeParts(
                .error(status: 500, message: "the mock's answer has a header that would split the response"),
                method: method, keepAlive: false)
        }
        let status = response.status
        let informational = (100...199).contains(status)
        let noContentLength = informational || status == 204
        let omitsBody = noContentLength || status == 304 || method == RequestMethod.head.rawValue
        var bytes: [UInt8] = []
        bytes.reserveCapacity(128)
        bytes += "HTTP/1.1 ".utf8
        appendDecimal(status, to: &bytes)
        bytes.append(32)
        bytes += HTTPStatus(rawValue: status).reasonPhrase.utf8
        bytes += "\r\n".utf8
        func append(_ name: String, _ value: String) {
            guard name != "content-length", name != "connection", name != "transfer-encoding",
                !(omitsBody && name == "content-type")
            else { return }
            bytes += name.utf8
            bytes += ": ".utf8
            bytes += value.utf8
            bytes += "\r\n".utf8
        }
        // Sorted, so an answer's bytes do not depend on a dictionary's order; most have one header,
        // which needs no sorted copy.
        if response.headers.count < 2 {
            for (name, value) in response.headers { append(name, value) }
        } else {
            for (name, value) in response.headers.sorted(by: { $0.key < $1.key }) { append(name, value) }
        }
        if !noContentLength {
            bytes += "content-length: ".utf8
            appendDecimal(status == 304 ? 0 : declaredLength ?? response.body.count, to: &bytes)
            bytes += "\r\n".utf8
        }
        // A 1xx is not a final answer; the client would wait for one, so the connection ends here.
        bytes += (keepAlive && !informational ? "\r\n" : "connection: close\r\n\r\n").utf8
        return (bytes, omitsBody ? Data() : response.body)
    }

    /// The digits of a status or a length, with no string between.
    private static func appendDecimal(_ number: Int, to bytes: inout [UInt8]) {
        // A handler may answer any integer as a status; a negative one is written as it is.
        guard number >= 0 else {
            bytes += String(number).utf8
            return
        }
        var divisor = 1
        while divisor <= number / 10 { divisor *= 10 }
        while divisor > 0 {
            bytes.append(UInt8(ascii: "0") + UInt8(number / divisor % 10))
            divisor /= 10
        }
    }

    static func isValid(_ headers: [String: String]) -> Bool {
        headers.allSatisfy { name, value in
            !name.isEmpty && name.utf8.allSatisfy(HTTPFieldSyntax.isTokenByte)
                && value.utf8.allSatisfy(HTTPFieldSyntax.isFieldValueByte)
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
