import Foundation
@_spi(Generated) import SpecsmithRuntime
import SpecsmithTesting
import Testing

@testable @_spi(Generated) import SpecsmithMock

/// An operation that takes an idempotency key runs its handler once per key: a retry after a lost
/// answer gets the first answer, and the client's core sends one key on every attempt of a call.
@Suite struct IdempotencyKeyTests {
    static let charge = WireOperation(
        name: "charge", method: "POST", host: "api", path: "/charges", idempotencyKeyHeader: "Idempotency-Key")

    /// A service whose handler counts its runs and answers the run's number.
    func service() -> (MockService, Locked<Int>) {
        let runs = Locked(0)
        let route = MockRoute(Self.charge) { request throws(MockFailure) in
            guard String(decoding: request.body, as: UTF8.self).contains("amount") else {
                throw .badRequest("missing amount")
            }
            runs.withLock { $0 += 1 }
            return ["run": runs.withLock { $0 }]
        }
        return (MockService(router: MockRouter(routes: [route], envelope: ServerFixture.envelope)), runs)
    }

    func charge(_ service: MockService, key: String?, body: String = #"{"amount":100}"#) async -> MockResponse {
        await service.respond(
            to: MockRequest(
                method: "POST", path: "/charges", headers: key.map { ["Idempotency-Key": $0] } ?? [:],
                body: Data(body.utf8)))
    }

    @Test func aRepeatedKeyIsAnsweredWithTheFirstAnswerAndTheHandlerRunsOnce() async throws {
        let (service, runs) = service()
        let first = await charge(service, key: "k1")
        let again = await charge(service, key: "k1")
        #expect(first.status == 200 && again == first)
        #expect(runs.withLock { $0 } == 1)
        // Another key, or none, is another call.
        _ = await charge(service, key: "k2")
        _ = await charge(service, key: nil)
        #expect(runs.withLock { $0 } == 3)
    }

    @Test func aKeyReusedWithAnotherRequestIsRefusedAndRunsNothing() async throws {
        let (service, runs) = service()
        _ = await charge(service, key: "k1")
        let other = await charge(service, key: "k1", body: #"{"amount":999}"#)
        #expect(other.status == 422)
        #expect(String(decoding: other.body, as: UTF8.self).contains("different request"))
        #expect(runs.withLock { $0 } == 1)
    }

    /// A request refused before the work began keeps no answer: the key may be sent again with the
    /// request put right, as payment APIs allow.
    @Test func aRequestRefusedBeforeTheWorkKeepsNothingForItsKey() async throws {
        let (service, runs) = service()
        let refused = await charge(service, key: "k1", body: "{}")
        #expect(refused.status == 400)
        let corrected = await charge(service, key: "k1")
        #expect(corrected.status == 200)
        #expect(runs.withLock { $0 } == 1)
    }

    @Test func aLostAnswerIsHandledOnceAndReplayedToTheRetry() async throws {
        let (service, runs) = service()
        try service.inject(MockFault(operation: "charge", kind: .lostAnswer, times: 1))
        let lost = await charge(service, key: "k1")
        #expect(lost.delivery == .resetConnection)
        let retry = await charge(service, key: "k1")
        #expect(retry.status == 200 && retry.delivery == .normal)
        #expect(String(decoding: retry.body, as: UTF8.self).contains(#""run":1"#))
        #expect(runs.withLock { $0 } == 1)
    }

    @Test func aKeyOverItsLimitIsRefusedAndRunsNothing() async throws {
        let (service, runs) = service()
        let long = await charge(service, key: String(repeating: "k", count: 256))
        #expect(long.status == 400)
        #expect(await charge(service, key: String(repeating: "k", count: 255)).status == 200)
        #expect(runs.withLock { $0 } == 1)
    }

    @Test func resetForgetsTheKeys() async throws {
        let (service, runs) = service()
        _ = await charge(service, key: "k1")
        await service.reset()
        _ = await charge(service, key: "k1")
        #expect(runs.withLock { $0 } == 2)
    }

    /// Through the client's core over loopback: the answer to the first attempt is lost, the core
    /// retries the POST (which it would not without a key) with the same key, and gets the first answer.
    @Test func theClientRetriesAPostWithItsKeyAfterALostAnswer() async throws {
        let (service, runs) = service()
        try service.inject(MockFault(operation: "charge", kind: .lostAnswer, times: 1))
        try await withMockService(service) { url in
            let core = ClientCore(
                baseURLs: ["api": url], envelope: ServerFixture.envelope, transport: URLSessionHTTPTransport(),
                retry: RetryPolicy(baseDelay: 0, jitter: { $0 }))
            let answer: [String: Int] = try await core.send(
                Self.charge, body: ["amount": 100], as: TestFailure.self)
            #expect(answer == ["run": 1])
        }
        #expect(runs.withLock { $0 } == 1)
        let keys = service.journal.map { $0.headers["idempotency-key"] }
        #expect(keys.count == 2 && keys[0] != nil && keys[0] == keys[1])
    }

    @Test func withoutAKeyAPostIsNotRepeated() async throws {
        let plain = WireOperation(name: "charge", method: "POST", host: "api", path: "/charges")
        let transport = ScriptedTransport([.failure(TransportFailure(.connectionReset, detail: "reset"))])
        let core = ClientCore(
            baseURLs: ["api": URL(string: "http://127.0.0.1")!], envelope: ServerFixture.envelope, transport: transport,
            retry: RetryPolicy(baseDelay: 0, jitter: { $0 }))
        await #expect(throws: TestFailure.self) {
            let _: [String: Int] = try await core.send(plain, body: ["amount": 100], as: TestFailure.self)
        }
        #expect(transport.requests.count == 1)
        #expect(!transport.requests[0].headers.contains { $0.name == "Idempotency-Key" })
    }
}
