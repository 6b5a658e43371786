import Foundation
import Testing

@testable import SpecsmithMock

/// The parser on bytes alone: no sockets, no clock.
@Suite struct HTTPParserTests {
    static let limits = HTTPParser.Limits(headerBytes: 1024, bodyBytes: 4096)

    /// Feeds `text` in pieces of `step` bytes and collects every step the parser takes.
    static func parse(_ text: String, step: Int = .max, limits: HTTPParser.Limits = limits) throws(HTTPParseFailure)
        -> [(HTTPRequestHead, String)]
    {
        var parser = HTTPParser(limits: limits)
        var requests: [(HTTPRequestHead, String)] = []
        let bytes = Array(text.utf8)
        var offset = 0
        repeat {
            let end = min(bytes.count, offset + max(1, min(step, bytes.count)))
            parser.append(Array(bytes[offset..<end]))
            offset = end
            while case let .request(head, body) = try parser.next() {
                requests.append((head, String(decoding: body, as: UTF8.self)))
            }
        } while offset < bytes.count
        return requests
    }

    static let chunked =
        "POST /echo HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n"
        + "5;name=value\r\nhello\r\n6\r\n world\r\n0\r\nX-Trailer: 1\r\n\r\n"

    @Test(arguments: [1, 2, 3, 7, 64, Int.max])
    func chunkedBodyDecodesHoweverTheBytesAreSplit(step: Int) throws {
        let requests = try Self.parse("\r\n\r\n" + Self.chunked + "GET /next HTTP/1.1\r\nHost: t\r\n\r\n", step: step)
        #expect(requests.map(\.0.target) == ["/echo", "/next"])
        #expect(requests.map(\.1) == ["hello world", ""])
    }

    @Test(arguments: [1, 5, Int.max])
    func contentLengthBodyDecodesHoweverTheBytesAreSplit(step: Int) throws {
        let requests = try Self.parse(
            "POST /a HTTP/1.1\r\nHost: t\r\nContent-Length: 5\r\n\r\nhelloPOST /b HTTP/1.1\r\nHost: t\r\n\r\n",
            step: step)
        #expect(requests.map(\.0.target) == ["/a", "/b"])
        #expect(requests.map(\.1) == ["hello", ""])
    }

    @Test func trailersCountAgainstTheHeaderLimit() {
        let trailers = String(repeating: "X-T: \(String(repeating: "t", count: 60))\r\n", count: 20)
        let text =
            "POST /e HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n1\r\na\r\n0\r\n" + trailers + "\r\n"
        #expect(throws: HTTPParseFailure.headersTooLarge) { try Self.parse(text, step: 100) }
    }

    @Test func anEndlessTrailerLineIsRefusedOnceItCrossesTheLimit() throws {
        var parser = HTTPParser(limits: Self.limits)
        parser.append(Array("POST /e HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n0\r\nX: ".utf8))
        #expect(throws: Never.self) { try parser.next() }
        parser.append([UInt8](repeating: 120, count: 2048))
        #expect(throws: HTTPParseFailure.headersTooLarge) { try parser.next() }
    }

    @Test func chunkExtensionsCountAgainstTheBodyLimit() {
        // 100 one-byte chunks each with 60 bytes of extension: 100 bytes of body, 6,600 on the wire.
        let chunk = "1;\(String(repeating: "e", count: 60))\r\na\r\n"
        let text =
            "POST /e HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n"
            + String(repeating: chunk, count: 100) + "0\r\n\r\n"
        #expect(throws: HTTPParseFailure.bodyTooLarge) { try Self.parse(text, step: 512) }
    }

    @Test func anEndlessChunkExtensionIsRefusedOnceItCrossesTheLimit() {
        var parser = HTTPParser(limits: Self.limits)
        parser.append(Array("POST /e HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n1;".utf8))
        parser.append([UInt8](repeating: 101, count: 5000))
        #expect(throws: HTTPParseFailure.bodyTooLarge) { try parser.next() }
    }

    @Test func endlessBlankLinesCountAgainstTheHeaderLimit() {
        #expect(throws: HTTPParseFailure.headersTooLarge) {
            try Self.parse(String(repeating: "\r\n", count: 600), step: 10)
        }
    }

    @Test(arguments: [
        ("POST / HTTP/1.1\r\nHost: t\r\nContent-Length: 1\r\nTransfer-Encoding: chunked\r\n\r\n", 400),
        ("POST / HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: gzip, chunked\r\n\r\n", 501),
        ("POST / HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked, gzip\r\n\r\n", 400),
        ("POST / HTTP/1.1\r\nHost: t\r\nContent-Length: 1, 2\r\n\r\n", 400),
        ("POST / HTTP/1.1\r\nHost: t\r\nContent-Length: +1\r\n\r\n", 400),
        ("POST / HTTP/1.1\r\nHost: t\r\nContent-Length: 99999999999999999999\r\n\r\n", 400),
        ("POST / HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n-1\r\n", 400),
        ("POST / HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n1\r\naXY", 400),
        ("GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n", 400),
        ("GET / HTTP/1.1\r\nHost : t\r\n\r\n", 400),
        ("GET / HTTP/1.1\r\nHost: t\r\nX: a\rb\r\n\r\n", 400),
        ("POST / HTTP/1.1\r\nHost: t\r\nContent-Length: 5000\r\n\r\n", 413),
    ])
    func smugglingShapesAreRefused(text: String, status: Int) {
        #expect {
            _ = try Self.parse(text)
        } throws: { error in
            (error as? HTTPParseFailure)?.status == status
        }
    }

    /// Every way a head can be malformed, with the message the client gets.
    @Test(arguments: [
        ("", "malformed request line"),
        ("GET /\r\nHost: t", "malformed request line"),
        ("GET  / HTTP/1.1\r\nHost: t", "malformed request line"),
        ("GET / HTTP/1.1 \r\nHost: t", "malformed request line"),
        (" / HTTP/1.1\r\nHost: t", "malformed request line"),
        ("G(T / HTTP/1.1\r\nHost: t", "malformed request line"),
        ("GET / HTTP/2.0\r\nHost: t", "unsupported HTTP version"),
        ("GET / HTTP/1.1\nHost: t", "malformed request line"),
        ("GET / HTTP/1.1\nHost:t", "unsupported HTTP version"),
        ("GET x HTTP/1.1\r\nHost: t", "malformed request target"),
        ("GET /\u{7F} HTTP/1.1\r\nHost: t", "malformed request target"),
        ("GET /é HTTP/1.1\r\nHost: t", "malformed request target"),
        ("GET / HTTP/1.1\r\nHost t", "a header line without a colon"),
        ("GET / HTTP/1.1\r\nHost: t\r\n: v", "invalid header name"),
        ("GET / HTTP/1.1\r\nHost: t\r\nX\u{212A}: v", "invalid header name"),
        ("GET / HTTP/1.1\r\nHost: t\r\nX: a\u{0}b", "invalid character in a header value"),
        ("GET / HTTP/1.1\r\nHost: t\r\nX: a\nb", "invalid character in a header value"),
        ("GET / HTTP/1.1\r\nX: v", "an HTTP/1.1 request needs exactly one Host header"),
    ])
    func malformedHeadsAreRefusedWithTheirReason(head: String, message: String) {
        #expect(throws: HTTPParseFailure.badRequest(message)) {
            _ = try HTTPParser.parseHead(ArraySlice(head.utf8))
        }
    }

    @Test func aHeadKeepsItsFieldsInOrderWithNamesLowercasedAndValuesTrimmed() throws {
        let head = try HTTPParser.parseHead(
            ArraySlice("PATCH /a?b=c HTTP/1.0\r\nX-Mixed-CASE: \t one two \t\r\nx-mixed-case:2\r\nE:\r\nV: ü".utf8))
        #expect(head.method == "PATCH")
        #expect(head.target == "/a?b=c")
        #expect(head.version == "HTTP/1.0")
        #expect(head.headers.map(\.name) == ["x-mixed-case", "x-mixed-case", "e", "v"])
        #expect(head.headers.map(\.value) == ["one two", "2", "", "ü"])
    }

    @Test func consumedBytesAreDropped() throws {
        var parser = HTTPParser(limits: .init(headerBytes: 1024, bodyBytes: 1 << 20))
        let request =
            Array("POST /e HTTP/1.1\r\nHost: t\r\nContent-Length: 1000\r\n\r\n".utf8)
            + [UInt8](
                repeating: 97, count: 1000)
        for _ in 0..<200 {
            parser.append(request)
            let step = try parser.next()
            #expect(step.isRequest)
        }
        #expect(parser.bufferedByteCount == 0)
        #expect(!parser.hasBufferedBytes)
    }
}

extension HTTPParser.Step {
    var isRequest: Bool {
        if case .request = self { return true }
        return false
    }
}
