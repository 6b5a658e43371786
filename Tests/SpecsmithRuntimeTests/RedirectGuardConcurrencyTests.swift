import Foundation
import SpecsmithMock
import SpecsmithRuntime
import SpecsmithTesting
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `RedirectGuard` is `@unchecked Sendable` because it keeps no state of its own: every decision is
/// made from the redirect URLSession hands it. The mistake that invites is state added later (the
/// request "being redirected", a cached origin), which concurrent requests through one session would
/// mix up. Here 32 requests share one transport, half redirected within their origin and half to
/// another, each with its own credential: each landing must carry exactly its own, or none.
@Suite struct RedirectGuardConcurrencyTests {
    static let requests = 32

    @Test func concurrentRedirectsThroughOneSessionKeepEachRequestsOwnCredentials() async throws {
        let landed = Recorder<[String: MockRequest]>([:])
        let land: @Sendable (MockRequest) -> MockResponse = { request in
            landed.update { $0[request.query["i"] ?? "?"] = request }
            return MockResponse(status: 200, headers: ["content-type": "text/plain"], body: Data("ok".utf8))
        }
        let other = try MockHTTPServer(responder: land)
        let otherBase = other.baseURL.absoluteString
        let origin = try MockHTTPServer { request in
            guard request.path == "/go", let index = request.query["i"], let number = Int(index) else {
                return land(request)
            }
            let target = number.isMultiple(of: 2) ? "/landed?i=\(index)" : "\(otherBase)/landed?i=\(index)"
            return MockResponse(status: 302, headers: ["location": target, "content-type": "text/plain"], body: Data())
        }
        let transport = URLSessionHTTPTransport()
        let base = origin.baseURL
        try await withThrowingTaskGroup(of: Int.self) { group in
            for index in 0..<Self.requests {
                group.addTask {
                    let url = try #require(URL(string: "\(base.absoluteString)/go?i=\(index)"))
                    let headers: [(name: String, value: String)] = [
                        (name: "Authorization", value: "Bearer token-\(index)"), (name: "Accept", value: "text/plain"),
                    ]
                    return try await transport.send(TransportRequest(method: "GET", url: url, headers: headers)).status
                }
            }
            for try await status in group { #expect(status == 200) }
        }
        let seen = landed.value
        #expect(seen.count == Self.requests)
        for index in 0..<Self.requests {
            let request = try #require(seen["\(index)"])
            let expected = index.isMultiple(of: 2) ? "Bearer token-\(index)" : nil
            #expect(request.header("Authorization") == expected, "request \(index)")
            #expect(request.header("Accept") == "text/plain", "request \(index)")
        }
        await origin.stop()
        await other.stop()
    }
}
