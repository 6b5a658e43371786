import Foundation
import SpecsmithRuntime
import Testing

@testable import SpecsmithMock

/// The response bytes, compared whole.
@Suite struct HTTPResponseEncoderTests {
    static func text(_ response: MockResponse, method: String? = "GET", keepAlive: Bool = true) -> String {
        String(decoding: HTTPResponseEncoder.encode(response, method: method, keepAlive: keepAlive), as: UTF8.self)
    }

    @Test func anOrdinaryAnswerHasItsLengthAndBody() {
        #expect(
            Self.text(MockResponse(status: 200, body: Data("{}".utf8)))
                == "HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: 2\r\n\r\n{}")
    }

    @Test(arguments: [100, 103, 204])
    func statusesWithoutContentAreSentWithoutBodyOrLength(status: Int) {
        let text = Self.text(MockResponse(status: status, body: Data("{\"error\":1}".utf8)))
        let close = status < 200 ? "connection: close\r\n" : ""
        #expect(text == "HTTP/1.1 \(status) \(HTTPStatus(rawValue: status).reasonPhrase)\r\n\(close)\r\n")
    }

    @Test func notModifiedHasNoBody() {
        #expect(
            Self.text(MockResponse(status: 304, body: Data("{}".utf8)))
                == "HTTP/1.1 304 Not Modified\r\ncontent-length: 0\r\n\r\n")
    }

    @Test func headGetsTheLengthWithoutTheBody() {
        #expect(
            Self.text(MockResponse(status: 200, headers: [:], body: Data("abc".utf8)), method: "HEAD")
                == "HTTP/1.1 200 OK\r\ncontent-length: 3\r\n\r\n")
    }

    @Test(arguments: ["a\r\nx-injected: 1", "a\nb", "a\rb", "a\u{0}b"])
    func headerValuesThatCouldSplitTheResponseAreRefused(value: String) {
        let text = Self.text(MockResponse(status: 200, headers: ["x-note": value], body: Data()))
        #expect(text.hasPrefix("HTTP/1.1 500 Internal Server Error\r\n"))
        #expect(!text.contains("x-note"))
        #expect(text.contains("connection: close\r\n"))
    }

    @Test func headerNamesMustBeTokens() {
        let text = Self.text(MockResponse(status: 200, headers: ["bad name": "1"], body: Data()))
        #expect(text.hasPrefix("HTTP/1.1 500 "))
    }

    @Test func theTokenMasksHoldExactlyTheTokenCharacters() {
        let listed = Set(HTTPFieldSyntax.tokenCharacters.utf8)
        for byte in UInt8.min...UInt8.max {
            #expect(HTTPFieldSyntax.isTokenByte(byte) == listed.contains(byte), "byte \(byte)")
        }
    }

    @Test func headersGoOutSortedByName() {
        let text = Self.text(
            MockResponse(status: 201, headers: ["x-b": "2", "location": "/v1/x", "x-a": "1"], body: Data("{}".utf8)))
        #expect(
            text == "HTTP/1.1 201 Created\r\nlocation: /v1/x\r\nx-a: 1\r\nx-b: 2\r\ncontent-length: 2\r\n\r\n{}")
    }

    @Test(arguments: [(200, 0), (299, 9), (404, 10), (599, 1_048_576), (999, 123_456_789)])
    func statusAndLengthAreWrittenAsDecimalNumbers(status: Int, length: Int) {
        let text = Self.text(MockResponse(status: status, headers: [:], body: Data(count: length)))
        #expect(
            text.hasPrefix(
                "HTTP/1.1 \(status) \(HTTPStatus(rawValue: status).reasonPhrase)\r\ncontent-length: \(length)\r\n\r\n"))
    }
}
