import Foundation
import Testing

@testable import SpecsmithMock

/// RFC 9112's strict framing on bytes alone: requests that two parsers could frame differently are
/// refused with 400, and the connection that sent one is closed after the answer.
@Suite struct StrictFramingTests {
    /// One request that must be refused, and why.
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var bytes: [UInt8]

        var testDescription: String { name }

        init(_ name: String, _ parts: [UInt8]...) {
            self.name = name
            bytes = parts.flatMap { $0 }
        }
    }

    static func ascii(_ text: String) -> [UInt8] { Array(text.utf8) }

    static let noBreakSpace: [UInt8] = [0xC2, 0xA0]
    static let ideographicSpace: [UInt8] = [0xE3, 0x80, 0x80]
    static let kelvinSign: [UInt8] = [0xE2, 0x84, 0xAA]
    static let post = ascii("POST /echo HTTP/1.1\r\nHost: t\r\n")
    static let chunkedHead = post + ascii("Transfer-Encoding: chunked\r\n\r\n")

    static let refused: [Case] = [
        Case(
            "no-break space after a Content-Length", post, ascii("Content-Length: 5"), noBreakSpace,
            ascii("\r\n\r\nhello")),
        Case(
            "no-break space before a Content-Length", post, ascii("Content-Length: "), noBreakSpace,
            ascii("5\r\n\r\nhello")),
        Case(
            "ideographic space in a Content-Length", post, ascii("Content-Length: 5"), ideographicSpace,
            ascii("\r\n\r\nhello")),
        Case(
            "no-break space after chunked", post, ascii("Transfer-Encoding: chunked"), noBreakSpace,
            ascii("\r\n\r\n0\r\n\r\n")),
        Case(
            "ideographic space before chunked", post, ascii("Transfer-Encoding: "), ideographicSpace,
            ascii("chunked\r\n\r\n0\r\n\r\n")),
        Case(
            "Kelvin sign spelling chunked", post, ascii("Transfer-Encoding: chun"), kelvinSign,
            ascii("ed\r\n\r\n0\r\n\r\n")),
        Case("bare LF in a chunk extension", chunkedHead, ascii("5;a\nb\r\nhello\r\n0\r\n\r\n")),
        Case("bare CR in a chunk extension", chunkedHead, ascii("5;a\rb\r\nhello\r\n0\r\n\r\n")),
        Case("bare LF ending a chunk-size line", chunkedHead, ascii("5;a\nhello\r\n0\r\n\r\n")),
        Case("bare LF in a trailer line", chunkedHead, ascii("0\r\nX-A: 1\nX-B: 2\r\n\r\n")),
        Case("bare CR in a trailer line", chunkedHead, ascii("0\r\nX-A: 1\rX-B: 2\r\n\r\n")),
        Case("trailer line folded onto the next", chunkedHead, ascii("0\r\nX-A: 1\r\n 2\r\n\r\n")),
        Case(
            "HTTP/1.0 with Transfer-Encoding",
            ascii("POST /echo HTTP/1.0\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n")),
        Case(
            "HTTP/1.0 with Transfer-Encoding and Content-Length",
            ascii("POST /echo HTTP/1.0\r\nContent-Length: 0\r\nTransfer-Encoding: chunked\r\n\r\n")),
    ]

    @Test(arguments: refused, [1, Int.max])
    func ambiguousFramingIsRefusedWith400AndCloses(refused: Case, step: Int) {
        var machine = ConnectionStateMachine(
            limits: .init(headerBytes: 1024, bodyBytes: 4096), timeouts: .init(idle: 30, read: 10),
            now: MonotonicInstant(nanoseconds: 1))
        var actions: [ConnectionStateMachine.Action] = []
        var offset = 0
        while offset < refused.bytes.count {
            let end = min(refused.bytes.count, offset + step)
            let action = machine.received(Array(refused.bytes[offset..<end]), now: MonotonicInstant(nanoseconds: 2))
            offset = end
            guard case .read = action else {
                actions.append(action)
                break
            }
        }
        let action = actions.first
        guard case let .fail(status, _)? = action else {
            Issue.record("\(refused.name) was not refused: \(String(describing: action))")
            return
        }
        #expect(status == 400)
        // Refused means closed: nothing after it is read or served on that connection.
        #expect(machine.received(Self.ascii("GET / HTTP/1.1\r\nHost: t\r\n\r\n"), now: .init(nanoseconds: 3)) == .close)
    }

    /// Extensions, trailers and ASCII framing that RFC 9112 allows still pass.
    @Test func wellFormedExtensionsTrailersAndListsStillParse() throws {
        let text =
            "POST /echo HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: \t chunked \t\r\n\r\n"
            + "5;name=value;quoted=\"a b\"\t;x\r\nhello\r\n0\r\nX-Trailer: a\tb\r\n\r\n"
            + "POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: 2 , 2\r\n\r\nhi"
            + "POST /echo HTTP/1.0\r\nContent-Length: 2\r\n\r\nok"
        let requests = try HTTPParserTests.parse(text)
        #expect(requests.map(\.1) == ["hello", "hi", "ok"])
    }
}
