import Foundation
import SpecsmithMock
import SpecsmithTesting
import Testing

/// Answers far larger than a socket's send buffer: the head and the body leave in one call where
/// they can, and a write the socket takes only part of resumes exactly where it stopped.
@Suite struct LargeAnswerTests {
    /// 6 MiB whose every byte depends on its position, so a byte sent twice, skipped or out of
    /// order changes what arrives.
    static let body = Data((0..<6 * 1024 * 1024).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 11) })

    @Test(.timeLimit(.minutes(1))) func aLargeBodyArrivesWholeAndInOrderTwiceOnOneConnection() async throws {
        // Made before the server starts: under ThreadSanitizer making it takes seconds, which would
        // otherwise count against the client's read timeout.
        let body = Self.body
        let responder: MockHTTPServer.Responder = { _ in
            MockResponse(status: 200, headers: ["content-type": "application/octet-stream"], body: body)
        }
        try await withMockServer(responder: responder) { server in
            let connection = try RawConnection(port: server.port)
            for _ in 0..<2 {
                connection.send("GET /blob HTTP/1.1\r\nHost: t\r\n\r\n")
                let response = try #require(await connection.readResponse())
                #expect(response.status == 200)
                #expect(response.headers["content-length"] == String(body.count))
                #expect(response.body.count == body.count)
                #expect(response.body == body)
            }
        }
    }
}
