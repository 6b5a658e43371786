import Foundation
import SpecsmithMock
import SpecsmithRuntime
import SpecsmithTesting
import Testing

/// The loopback server over real sockets: framing, keep-alive, limits, timeouts, concurrency, stop.
@Suite struct HTTPServerTests {
    func withServer(
        _ configuration: MockHTTPServer.Configuration = .init(), fixture: ServerFixture = ServerFixture(),
        _ body: (MockHTTPServer, MockService) async throws -> Void
    ) async throws {
        let service = MockService(router: fixture.router)
        let responder: MockHTTPServer.Responder = { await service.respond(to: $0) }
        try await withMockServer(configuration, responder: responder) { try await body($0, service) }
    }

    static func post(_ body: String, connection: String = "") -> String {
        "POST /echo HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\n\(connection)Content-Length: \(body.utf8.count)\r\n\r\n\(body)"
    }

    @Test func keepAliveServesSeveralRequestsOnOneConnection() async throws {
        try await withServer { server, _ in
            let connection = try RawConnection(port: server.port)
            for text in ["one", "two", "three"] {
                connection.send(Self.post(#"{"text": "\#(text)"}"#))
                let response = try #require(await connection.readResponse())
                #expect(response.status == 200)
                #expect(
                    String(decoding: response.body, as: UTF8.self) == #"{"data":{"text":"\#(text)"},"result":"ok"}"#)
                #expect(response.headers["connection"] == nil)
            }
        }
    }

    @Test func connectionCloseIsHonoured() async throws {
        try await withServer { server, _ in
            let connection = try RawConnection(port: server.port)
            connection.send(Self.post(#"{"text": "x"}"#, connection: "Connection: close\r\n"))
            #expect(await connection.readResponse()?.headers["connection"] == "close")
            #expect(await connection.readResponse() == nil)
        }
    }

    @Test func http10ClosesUnlessAskedToKeepAlive() async throws {
        try await withServer { server, _ in
            let connection = try RawConnection(port: server.port)
            connection.send("GET /items/a HTTP/1.0\r\n\r\n")
            #expect(await connection.readResponse()?.status == 200)
            #expect(await connection.readResponse() == nil)
        }
    }

    @Test func pipelinedRequestsAreAnsweredInOrder() async throws {
        try await withServer { server, _ in
            let connection = try RawConnection(port: server.port)
            connection.send("GET /items/a HTTP/1.1\r\nHost: t\r\n\r\nGET /items/b HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(await connection.readResponse()?.body.contains(Data(#""a""#.utf8)) == true)
            #expect(await connection.readResponse()?.body.contains(Data(#""b""#.utf8)) == true)
        }
    }

    @Test func chunkedBodiesAreDecoded() async throws {
        try await withServer { server, _ in
            let connection = try RawConnection(port: server.port)
            connection.send(
                "POST /echo HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n5\r\n{\"tex\r\n9;ext=1\r\nt\": \"ok\"}\r\n0\r\nX-Trailer: 1\r\n\r\n"
            )
            let response = try #require(await connection.readResponse())
            #expect(response.status == 200)
            #expect(String(decoding: response.body, as: UTF8.self).contains(#""text":"ok""#))
        }
    }

    @Test func ambiguousFramingIsRejected() async throws {
        try await withServer { server, _ in
            let connection = try RawConnection(port: server.port)
            connection.send(
                "POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n")
            #expect(await connection.readResponse()?.status == 400)
            #expect(await connection.readResponse() == nil)
        }
    }

    @Test func conflictingContentLengthsAreRejected() async throws {
        try await withServer { server, _ in
            let connection = try RawConnection(port: server.port)
            connection.send("POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: 4\r\nContent-Length: 5\r\n\r\n12345")
            #expect(await connection.readResponse()?.status == 400)
        }
    }

    @Test func headersOverTheLimitAre431() async throws {
        try await withServer { server, _ in
            let connection = try RawConnection(port: server.port)
            connection.send(
                "GET /items/a HTTP/1.1\r\nHost: t\r\nX-Big: \(String(repeating: "a", count: 17 * 1024))\r\n\r\n")
            #expect(await connection.readResponse()?.status == 431)
        }
    }

    @Test func bodiesOverTheLimitAre413() async throws {
        var configuration = MockHTTPServer.Configuration()
        configuration.maxBodyBytes = 1000
        try await withServer(configuration) { server, _ in
            let connection = try RawConnection(port: server.port)
            connection.send("POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: 1001\r\n\r\n")
            #expect(await connection.readResponse()?.status == 413)
            let chunked = try RawConnection(port: server.port)
            chunked.send(
                "POST /echo HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n3e9\r\n\(String(repeating: "a", count: 1001))\r\n0\r\n\r\n"
            )
            #expect(await chunked.readResponse()?.status == 413)
        }
    }

    @Test func idleConnectionsAreClosed() async throws {
        var configuration = MockHTTPServer.Configuration()
        configuration.idleTimeout = 0.1
        try await withServer(configuration) { server, _ in
            let connection = try RawConnection(port: server.port)
            #expect(await connection.readResponse() == nil)
        }
    }

    @Test func aSlowClientDoesNotDelayOthers() async throws {
        // The slow client would hold the server for the whole read timeout if it blocked others.
        try await withServer(.init(readTimeout: 60)) { server, _ in
            let slow = try RawConnection(port: server.port)
            slow.send("GET /items/a HTTP/1.1\r\nHost: t\r\n")
            let quick = try RawConnection(port: server.port)
            quick.send("GET /items/b HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(await quick.readResponse()?.status == 200)
            slow.abort()
        }
    }

    @Test func aRequestThatDoesNotArriveInTimeGets408() async throws {
        try await withServer(.init(readTimeout: 0.05)) { server, _ in
            let slow = try RawConnection(port: server.port)
            slow.send("GET /items/a HTTP/1.1\r\nHost: t\r\n")
            #expect(await slow.readResponse()?.status == 408)
            #expect(await slow.readResponse() == nil)
        }
    }

    @Test func unknownRouteIs404AndWrongMethod405InTheEnvelope() async throws {
        try await withServer { server, _ in
            let connection = try RawConnection(port: server.port)
            connection.send("GET /nope HTTP/1.1\r\nHost: t\r\n\r\n")
            let missing = try #require(await connection.readResponse())
            #expect(missing.status == 404)
            #expect(String(decoding: missing.body, as: UTF8.self).contains(#""result":"fail""#))
            connection.send("DELETE /echo HTTP/1.1\r\nHost: t\r\n\r\n")
            let wrong = try #require(await connection.readResponse())
            #expect(wrong.status == 405)
            #expect(wrong.headers["allow"] == "POST")
        }
    }

    @Test func manyConnectionsAtOnceAreAllServed() async throws {
        try await withServer { server, _ in
            let url = server.baseURL.appendingPathComponent("items/x")
            let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
                for _ in 0..<64 {
                    group.addTask {
                        let response = try await URLSessionHTTPTransport().send(
                            TransportRequest(method: "GET", url: url))
                        return response.status
                    }
                }
                return try await group.reduce(into: [Int]()) { $0.append($1) }
            }
            #expect(statuses.count == 64)
            #expect(statuses.allSatisfy { $0 == 200 })
        }
    }

    @Test func stopLetsRequestsInFlightFinish() async throws {
        let fixture = ServerFixture()
        let service = MockService(router: fixture.router)
        let server = try MockHTTPServer { await service.respond(to: $0) }
        let url = server.baseURL.appendingPathComponent("slow")
        let inFlight = Task { try await URLSessionHTTPTransport().send(TransportRequest(method: "GET", url: url)) }
        await fixture.entered.wait()
        let stopping = Task { await server.stop() }
        fixture.release.open()
        let response = try await inFlight.value
        #expect(response.status == 200)
        await stopping.value
        #expect(throws: (any Error).self) { try RawConnection(port: server.port) }
    }

    @Test func onlyLoopbackCanBeBound() {
        #expect(throws: SocketFailure.self) {
            _ = try MockHTTPServer(configuration: .init(host: "0.0.0.0")) { _ in MockResponse(status: 200, body: Data())
            }
        }
    }

    @Test func ipv6LoopbackWorks() async throws {
        try await withServer(.init(host: "::1")) { server, _ in
            #expect(server.baseURL.absoluteString.hasPrefix("http://[::1]:"))
        }
    }
}
