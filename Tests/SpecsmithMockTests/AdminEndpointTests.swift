import Foundation
import SpecsmithMock
import SpecsmithRuntime
import SpecsmithTesting
import Testing

/// `/__mock/*` is for the test suite on this machine: not for a web page, not for a foreign host.
@Suite struct AdminEndpointTests {
    static func withServer(
        token: String? = nil, _ body: (MockHTTPServer, MockService) async throws -> Void
    ) async throws {
        let service = MockService(router: ServerFixture().router)
        let responder: MockHTTPServer.Responder = { await service.respond(to: $0) }
        try await withMockServer(.init(adminToken: token), responder: responder) { try await body($0, service) }
    }

    /// The status the server answers `request` with; `nil` when it cannot connect or gets no answer.
    static func status(_ request: String, port: UInt16) async -> Int? {
        guard let connection = try? RawConnection(port: port) else { return nil }
        connection.send(request)
        return await connection.readResponse()?.status
    }

    static func reset(port: UInt16, host: String? = nil, headers: String = "", body: String = "{}") -> String {
        "POST /__mock/reset HTTP/1.1\r\nHost: \(host ?? "127.0.0.1:\(port)")\r\n\(headers)"
            + "Content-Length: \(body.utf8.count)\r\n\r\n\(body)"
    }

    @Test func aCrossSiteFormPostIs403() async throws {
        try await Self.withServer { server, _ in
            let form = Self.reset(
                port: server.port, headers: "Content-Type: application/x-www-form-urlencoded\r\n", body: "a=1")
            #expect(await Self.status(form, port: server.port) == 403)
            let textPlain = Self.reset(port: server.port, headers: "Content-Type: text/plain\r\n")
            #expect(await Self.status(textPlain, port: server.port) == 403)
            let noType = Self.reset(port: server.port)
            #expect(await Self.status(noType, port: server.port) == 403)
        }
    }

    @Test(arguments: ["evil.example", "127.0.0.1", "localhost:1", "127.0.0.1.nip.io:%d"])
    func aForeignHostIs403(host: String) async throws {
        try await Self.withServer { server, _ in
            let request = Self.reset(
                port: server.port, host: host.replacingOccurrences(of: "%d", with: "\(server.port)"),
                headers: "Content-Type: application/json\r\n")
            #expect(await Self.status(request, port: server.port) == 403)
            let journal = "GET /__mock/journal HTTP/1.1\r\nHost: \(host)\r\n\r\n"
            #expect(await Self.status(journal, port: server.port) == 403)
        }
    }

    @Test func aPageFromAnotherOriginIs403() async throws {
        try await Self.withServer { server, _ in
            let request = Self.reset(
                port: server.port, headers: "Content-Type: application/json\r\nOrigin: https://evil.example\r\n")
            #expect(await Self.status(request, port: server.port) == 403)
        }
    }

    @Test(arguments: ["127.0.0.1", "localhost"])
    func aPlainJSONRequestFromTheTestSuiteWorks(host: String) async throws {
        try await Self.withServer { server, _ in
            let request = Self.reset(
                port: server.port, host: "\(host):\(server.port)", headers: "Content-Type: application/json\r\n")
            #expect(await Self.status(request, port: server.port) == 204)
            var fault = TransportRequest(method: "POST", url: server.baseURL.appendingPathComponent("__mock/faults"))
            fault.headers = [("Content-Type", "application/json; charset=utf-8")]
            fault.body = Data(#"{"kind": "latency", "latencyMilliseconds": 1}"#.utf8)
            let answer = try await URLSessionHTTPTransport().send(fault)
            #expect(answer.status == 200)
        }
    }

    @Test func theAdminTokenIsRequiredWhenSet() async throws {
        try await Self.withServer(token: "s3cret") { server, _ in
            let json = "Content-Type: application/json\r\n"
            #expect(await Self.status(Self.reset(port: server.port, headers: json), port: server.port) == 403)
            let wrong = json + "Authorization: Bearer nope\r\n"
            #expect(await Self.status(Self.reset(port: server.port, headers: wrong), port: server.port) == 403)
            let bearer = json + "Authorization: Bearer s3cret\r\n"
            #expect(await Self.status(Self.reset(port: server.port, headers: bearer), port: server.port) == 204)
            let header = json + "X-Mock-Admin-Token: s3cret\r\n"
            #expect(await Self.status(Self.reset(port: server.port, headers: header), port: server.port) == 204)
            // The API itself does not need the token.
            #expect(
                await Self.status("GET /items/a HTTP/1.1\r\nHost: evil.example\r\n\r\n", port: server.port) == 200)
        }
    }
}
