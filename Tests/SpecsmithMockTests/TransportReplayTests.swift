import Foundation
import SpecsmithMock
import Testing

@testable import SpecsmithRuntime

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// URLSession must not send a payment twice. On Linux it did: after the mock reset a reused
/// keep-alive connection, libcurl sent the POST again on a fresh one (headers without the body),
/// and the caller got the mock's 408 for the half request instead of a reset.
@Suite struct TransportReplayTests {
    @Test func aResetPaymentPostReachesTheHandlerOnceAndFailsAsAReset() async throws {
        let service = MockService(router: ServerFixture().router)
        let server = try MockHTTPServer(configuration: .init(readTimeout: 1)) { await service.respond(to: $0) }
        let transport = URLSessionHTTPTransport()
        var request = TransportRequest(method: "POST", url: server.baseURL.appendingPathComponent("echo"))
        request.headers = [("Content-Type", "application/json")]
        request.body = Data(#"{"text": "warm up"}"#.utf8)
        // The first request leaves a kept-alive connection behind; the payment would reuse it.
        #expect(try await transport.send(request).status == 200)
        try service.inject(MockFault(operation: "echo", kind: .reset, times: 1))
        request.body = Data(#"{"text": "pay"}"#.utf8)
        await #expect(throws: TransportFailure.self) { _ = try await transport.send(request) }
        // Every request that reached the mock, the half ones included, is in the journal.
        #expect(service.journal.map(\.body) == [#"{"text":"warm up"}"#, #"{"text":"pay"}"#])
        #expect(service.journal.map(\.status) == [200, 0])
        await server.stop()
    }

    @Test func repeatableRequestsStillShareConnections() {
        #expect(RequestMethod.get.isIdempotent)
        #expect(RequestMethod.put.isIdempotent)
        #expect(!RequestMethod.post.isIdempotent)
        #expect(!RequestMethod.patch.isIdempotent)
    }

    @Test func theDefaultSessionCachesNothing() {
        let configuration = URLSessionHTTPTransport().configuration
        #expect(configuration.urlCache == nil)
        #expect(configuration.requestCachePolicy == .reloadIgnoringLocalCacheData)
    }
}
