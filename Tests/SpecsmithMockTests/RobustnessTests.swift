import Foundation
import SpecsmithMock
import SpecsmithRuntime
import SpecsmithTesting
import Testing

/// A thousand malformed, truncated, oversized and abandoned requests, after which the server is
/// still up and answers a well-formed client correctly.
@Suite struct RobustnessTests {
    static let valid = Array("POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: 15\r\n\r\n{\"text\": \"hi\"}\n".utf8)

    /// One hostile request of kind `index % 8`.
    static func hostile(_ index: Int, random: inout SplitMix) -> [UInt8] {
        switch index % 8 {
        case 0: return Array(valid.prefix(Int.random(in: 1..<valid.count, using: &random)))  // truncated anywhere
        case 1:
            return (0..<Int.random(in: 1...2048, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }
        case 2: return Array("GET /items/a HTTP/1.1\r\nHost t\r\n\r\n".utf8)  // header without colon
        case 3:
            return Array(
                "GET /items/a HTTP/1.1\r\nHost: t\r\nX-Big: \(String(repeating: "x", count: 20_000))\r\n\r\n".utf8)
        case 4: return Array("GET\t/ HTTP/9.9\r\n\r\n".utf8)
        case 5: return Array("POST /echo HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n".utf8)
        case 6: return Array("POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: -1\r\n\r\n".utf8)
        default:
            var bytes = valid
            bytes[Int.random(in: 0..<bytes.count, using: &random)] = UInt8.random(in: 0...255, using: &random)
            return bytes
        }
    }

    @Test func serverSurvivesAThousandHostileRequests() async throws {
        let service = MockService(router: ServerFixture().router)
        let server = try MockHTTPServer(
            configuration: .init(idleTimeout: 0.1, readTimeout: 0.1)
        ) {
            await service.respond(to: $0)
        }
        var random = SplitMix(state: 2026)
        let requests = (0..<1000).map { Self.hostile($0, random: &random) }
        var answered = 0
        // Fifty at a time: hostile clients arrive together, as they would in the wild.
        for batch in stride(from: 0, to: requests.count, by: 50) {
            answered += try await withThrowingTaskGroup(of: Int.self) { group in
                for index in batch..<batch + 50 {
                    let bytes = requests[index]
                    group.addTask {
                        let connection = try RawConnection(port: server.port)
                        connection.send(bytes)
                        if index % 3 == 0 {
                            connection.abort()  // vanish without reading
                            return 0
                        }
                        guard let response = await connection.readResponse() else { return 0 }
                        #expect((200...599).contains(response.status))
                        return 1
                    }
                }
                return try await group.reduce(0, +)
            }
        }
        #expect(answered > 0)
        let client = try RawConnection(port: server.port)
        client.send(Self.valid)
        let response = try #require(await client.readResponse())
        #expect(response.status == 200)
        #expect(String(decoding: response.body, as: UTF8.self) == #"{"data":{"text":"hi"},"result":"ok"}"#)
        let overURLSession = try await URLSessionHTTPTransport().send(
            TransportRequest(method: "GET", url: server.baseURL.appendingPathComponent("items/ok")))
        #expect(overURLSession.status == 200)
        await server.stop()
    }
}
