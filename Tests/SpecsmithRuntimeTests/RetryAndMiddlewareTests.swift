import Foundation
@_spi(Generated) import SpecsmithRuntime
import SpecsmithTesting
import Testing

struct Item: Codable, Sendable, Equatable {
    var name: String
}

@Suite struct RetryTests {
    let transport = ScriptedTransport()
    let waits = Recorder<[TimeInterval]>([])
    static let get = WireOperation(name: "item", method: "GET", host: "api", path: "/item", idempotent: true)
    static let post = WireOperation(name: "pay", method: "POST", host: "api", path: "/pay")

    func core(maxAttempts: Int = 3, maxDelay: TimeInterval = 10, middlewares: [any TransportMiddleware] = [])
        -> ClientCore
    {
        let waits = waits
        return ClientCore(
            baseURLs: ["api": URL(string: "http://127.0.0.1:9")!], envelope: WireEnvelope(), transport: transport,
            middlewares: middlewares,
            retry: RetryPolicy(
                maxAttempts: maxAttempts, baseDelay: 0.1, maxDelay: maxDelay, jitter: { $0 },
                sleep: { delay in waits.update { $0.append(delay) } }))
    }

    func call(_ core: ClientCore, _ operation: WireOperation = get) async -> Result<Item, TestFailure> {
        do throws(TestFailure) {
            let item: Item = try await core.send(operation, as: TestFailure.self)
            return .success(item)
        } catch {
            return .failure(error)
        }
    }

    @Test func idempotentCallsRetryWithExponentialBackoff() async {
        transport.answer(503, "busy")
        transport.fail(TransportFailure(.connectionReset, detail: "reset"))
        transport.answer(#"{"name": "ok"}"#)
        #expect(await call(core()) == .success(Item(name: "ok")))
        #expect(transport.requests.count == 3)
        #expect(waits.value == [0.1, 0.2])
    }

    @Test func attemptsAreBounded() async {
        for _ in 0..<5 { transport.answer(503, "busy") }
        #expect(
            await call(core(maxAttempts: 3))
                == .failure(
                    TestFailure(
                        ClientFailure(
                            operation: "item", reason: .status(503),
                            response: FailureResponse(status: 503, body: Data("busy".utf8))))))
        #expect(transport.requests.count == 3)
    }

    @Test func retryAfterIsHonouredUpToTheLimit() async {
        transport.queue([
            .success(TransportResponse(status: 429, headers: ["Retry-After": "2"], body: Data())),
            .success(TransportResponse(status: 503, headers: ["retry-after": "120"], body: Data())),
            .success(TransportResponse(status: 200, body: Data(#"{"name": "ok"}"#.utf8))),
        ])
        #expect(await call(core(maxDelay: 30)) == .success(Item(name: "ok")))
        #expect(waits.value == [2, 30])
    }

    @Test func nonIdempotentCallsAreNeverRepeated() async {
        transport.answer(503, "busy")
        transport.answer(#"{"name": "charged twice"}"#)
        #expect(
            await call(core(), Self.post)
                == .failure(
                    TestFailure(
                        ClientFailure(
                            operation: "pay", reason: .status(503),
                            response: FailureResponse(status: 503, body: Data("busy".utf8))))))
        #expect(transport.requests.count == 1)
    }

    @Test func clientErrorsAreNotRetried() async {
        transport.answer(400, #"{"code": 1, "message": "bad"}"#)
        _ = await call(core())
        #expect(transport.requests.count == 1)
    }

    @Test func cancellationStopsTheWaitAndTheCall() async {
        let entered = AsyncStream<Void>.makeStream()
        let core = ClientCore(
            baseURLs: ["api": URL(string: "http://127.0.0.1:9")!], envelope: WireEnvelope(), transport: transport,
            retry: RetryPolicy(sleep: { delay in
                entered.continuation.yield()
                try await Task.sleep(nanoseconds: 3_600_000_000_000)
            }))
        transport.answer(503, "busy")
        let task = Task { await call(core) }
        var iterator = entered.stream.makeAsyncIterator()
        _ = await iterator.next()
        task.cancel()
        guard case let .failure(failure) = await task.value,
            case let .transport(transportFailure) = failure.failure.reason
        else {
            Issue.record("expected a transport failure")
            return
        }
        #expect(transportFailure.kind == .cancelled)
        #expect(transport.requests.count == 1)
    }
}

@Suite struct MiddlewareTests {
    @Test func middlewaresRunInOrderAndSeeEveryAttempt() async {
        let transport = ScriptedTransport()
        transport.answer(503, "")
        transport.answer(#"{"name": "ok"}"#)
        let counter = Recorder(0)
        let core = ClientCore(
            baseURLs: ["api": URL(string: "http://127.0.0.1:9")!], envelope: WireEnvelope(), transport: transport,
            middlewares: [
                RequestIDMiddleware(makeID: {
                    counter.update {
                        $0 += 1
                        return "req-\($0)"
                    }
                })
            ],
            retry: RetryPolicy(jitter: { $0 }, sleep: { _ in }))
        let item: Item? = try? await core.send(RetryTests.get, as: TestFailure.self)
        #expect(item == Item(name: "ok"))
        #expect(transport.requests.map { $0.header("X-Request-ID") } == ["req-1", "req-2"])
    }

    @Test func loggingRedactsSensitiveFieldsAndCredentials() async throws {
        let transport = ScriptedTransport()
        transport.answer(#"{"data": {"token": "tok-secret", "user": "ada"}}"#)
        let lines = Recorder<[String]>([])
        let operation = WireOperation(
            name: "signIn", method: "POST", host: "api", path: "/sessions", auth: [.appKey(header: "X-App-Key")],
            sensitiveRequestFields: ["password", "card.number"], sensitiveResponseFields: ["data.token"])
        let core = ClientCore(
            baseURLs: ["api": URL(string: "http://127.0.0.1:9")!], envelope: WireEnvelope(dataField: "data"),
            transport: transport, appKeys: ["X-App-Key": "app-secret"],
            middlewares: [LoggingMiddleware(log: { line in lines.update { $0.append(line) } })])
        struct SignIn: Codable, Sendable {
            var user: String
            var password: String
            var card: [String: String]
        }
        struct Session: Codable, Sendable {
            var token: String
            var user: String
        }
        let session: Session = try await core.send(
            operation, body: SignIn(user: "ada", password: "pw-secret", card: ["number": "4111111111111111"]),
            as: TestFailure.self)
        #expect(session.token == "tok-secret")
        let log = lines.value.joined(separator: "\n")
        for secret in ["pw-secret", "4111111111111111", "app-secret", "tok-secret"] {
            #expect(!log.contains(secret), "\(secret) leaked into the log")
        }
        #expect(log.contains("\"user\":\"ada\""))
        #expect(log.contains("X-App-Key: <redacted>"))
    }
}
