import Foundation
import SpecsmithMock
@_spi(Generated) import SpecsmithRuntime
import SpecsmithTesting
import Testing

/// Journal, faults and control endpoints, over loopback.
@Suite struct MockServiceTests {
    func withServer(_ body: (MockHTTPServer, MockService) async throws -> Void) async throws {
        let service = MockService(router: ServerFixture().router)
        let responder: MockHTTPServer.Responder = { await service.respond(to: $0) }
        try await withMockServer(responder: responder) { try await body($0, service) }
    }

    func send(_ method: RequestMethod, _ path: String, body: String? = nil, to server: MockHTTPServer) async throws
        -> TransportResponse
    {
        var request = TransportRequest(method: method, url: URL(string: server.baseURL.absoluteString + path)!)
        if method != "GET" { request.headers = [("Content-Type", "application/json")] }
        if let body {
            request.body = Data(body.utf8)
            request.headers = [("Content-Type", "application/json"), ("Authorization", "Bearer secret-token")]
        }
        return try await URLSessionHTTPTransport().send(request)
    }

    @Test func journalRedactsSensitiveFieldsAndCredentials() async throws {
        try await withServer { server, service in
            _ = try await send("POST", "/echo", body: #"{"text": "hello", "secret": "4111111111111111"}"#, to: server)
            let entry = try #require(service.journal.first)
            #expect(entry.operation == "echo")
            #expect(entry.body == #"{"secret":"<redacted>","text":"hello"}"#)
            #expect(entry.headers["authorization"] == "<redacted>")
            let overHTTP = try await send("GET", "/__mock/journal", to: server)
            let text = String(decoding: overHTTP.body, as: UTF8.self)
            #expect(text.contains("<redacted>"))
            #expect(!text.contains("4111111111111111"))
            #expect(!text.contains("secret-token"))
        }
    }

    @Test func nonJSONBodiesAreNotJournaledAtAll() async throws {
        try await withServer { server, service in
            _ = try await send("POST", "/echo", body: "4111111111111111", to: server)
            #expect(service.journal.first?.body == "<16 bytes, not a JSON object or array>")
        }
    }

    @Test func injectedErrorAnswersWithTheEnvelopeThenStops() async throws {
        try await withServer { server, _ in
            let fault =
                #"{"operation": "item", "kind": "error", "status": 503, "code": 1001, "message": "down", "times": 1}"#
            #expect(try await send("POST", "/__mock/faults", body: fault, to: server).status == 200)
            let failed = try await send("GET", "/items/a", to: server)
            #expect(failed.status == 503)
            #expect(String(decoding: failed.body, as: UTF8.self) == #"{"code":1001,"message":"down","result":"fail"}"#)
            #expect(try await send("GET", "/items/a", to: server).status == 200)
        }
    }

    @Test func incompleteFaultIsRejected() async throws {
        try await withServer { server, _ in
            let response = try await send("POST", "/__mock/faults", body: #"{"kind": "error"}"#, to: server)
            #expect(response.status == 400)
            #expect(String(decoding: response.body, as: UTF8.self).contains("an error fault needs a status"))
        }
    }

    @Test func resetFaultResetsTheConnection() async throws {
        try await withServer { server, service in
            try service.inject(MockFault(operation: "item", kind: .reset, times: 1))
            await #expect(throws: TransportFailure.self) { try await send("GET", "/items/a", to: server) }
            #expect(try await send("GET", "/items/a", to: server).status == 200)
        }
    }

    @Test func truncatedBodyFailsTheClient() async throws {
        try await withServer { server, service in
            try service.inject(MockFault(operation: "item", kind: .truncate))
            let connection = try RawConnection(port: server.port)
            connection.send("GET /items/abcdef HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(await connection.readResponse() == nil)
        }
    }

    @Test func malformedJSONFaultSendsBrokenJSON() async throws {
        try await withServer { server, service in
            try service.inject(MockFault(kind: .malformedJSON))
            let response = try await send("GET", "/items/a", to: server)
            #expect(response.status == 200)
            #expect((try? JSONSerialization.jsonObject(with: response.body)) == nil)
            // The broken body starts the service's own envelope, not another service's.
            #expect(String(decoding: response.body, as: UTF8.self) == #"{"data":{},"result":"ok""#)
        }
    }

    @Test func latencyFaultStillAnswers() async throws {
        try await withServer { server, service in
            try service.inject(
                MockFault(operation: "item", kind: .latency, latencyMilliseconds: 20, jitterMilliseconds: 10, times: 1))
            #expect(try await send("GET", "/items/a", to: server).status == 200)
        }
    }

    @Test func resetClearsJournalAndFaults() async throws {
        try await withServer { server, service in
            try service.inject(MockFault(kind: .malformedJSON))
            _ = try await send("GET", "/items/a", to: server)
            #expect(try await send("POST", "/__mock/reset", to: server).status == 204)
            #expect(service.journal.isEmpty)
            #expect(try await send("GET", "/items/a", to: server).status == 200)
        }
    }
}
