import Foundation
@_spi(Generated) import SpecsmithRuntime
import SpecsmithTesting
import Testing

/// A middleware that cannot let a request go (a token it could not refresh) fails the call with its
/// own reason: kind `.refused(by:)` naming it, the service's wording for a request that could not
/// be made, nothing sent and nothing retried. Before, it could only pose as a transport failure,
/// which an app reads as "cannot reach the server" and a retry policy repeats.
@Suite struct MiddlewareRefusalTests {
    struct TokenRefresh: TransportMiddleware {
        func intercept(
            _ request: TransportRequest, operation: WireOperation,
            next: @Sendable (TransportRequest) async throws(TransportFailure) -> TransportResponse
        ) async throws(TransportFailure) -> TransportResponse {
            throw .refused(by: "TokenRefresh", reason: "the refresh token has expired")
        }
    }

    @Test func aRefusalIsItsOwnKindAndIsNeitherSentNorRetried() async {
        let transport = ScriptedTransport()
        let waits = Recorder<[TimeInterval]>([])
        let core = ClientCore(
            baseURLs: ["api": URL(string: "http://127.0.0.1:9")!], envelope: WireEnvelope(), transport: transport,
            middlewares: [TokenRefresh()],
            retry: RetryPolicy(maxAttempts: 3, jitter: { $0 }, sleep: { delay in waits.update { $0.append(delay) } }))
        let operation = WireOperation(name: "item", method: "GET", host: "api", path: "/item", idempotent: true)
        do throws(TestFailure) {
            let _: Item = try await core.send(operation, as: TestFailure.self)
            Issue.record("the call went through")
        } catch {
            #expect(
                error.failure.reason == .refused(by: "TokenRefresh", reason: "the refresh token has expired"))
            let messages = FailureMessages(
                transport: "offline", invalidResponse: "odd", invalidRequest: "could not send", session: "sign in",
                encryption: "crypto", server: "server")
            let classified = error.failure.classified(catalog: [:], messages: messages)
            #expect(classified.kind == .refused(by: "TokenRefresh"))
            #expect(classified.message == "could not send")
            #expect("\(error.failure)".contains("refused by the middleware TokenRefresh"))
        }
        #expect(transport.requests.isEmpty)
        #expect(waits.value.isEmpty)
    }
}
