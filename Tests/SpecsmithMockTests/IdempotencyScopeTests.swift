import Foundation
@_spi(Generated) import SpecsmithMock
@_spi(Generated) import SpecsmithRuntime
import Testing

/// Idempotency keys as the spec scopes them: per service by default, per operation when it says.
@Suite struct IdempotencyScopeTests {
    static func service(_ rules: MockIdempotency) -> (MockService, Counter) {
        let counter = Counter()
        let routes = ["create", "refund"].map { name in
            MockRoute(
                WireOperation(
                    name: name, method: .post, host: "api", path: "/\(name)", idempotencyKeyHeader: "Idempotency-Key")
            ) { _ throws(MockFailure) in
                ["count": counter.next()]
            }
        }
        return (MockService(router: MockRouter(routes: routes, envelope: WireEnvelope(), idempotency: rules)), counter)
    }

    static func post(_ path: String, key: String, body: String = "{}") -> MockRequest {
        MockRequest(method: .post, path: path, headers: ["Idempotency-Key": key], body: Data(body.utf8))
    }

    @Test func aKeyPerOperationMayBeReusedOnAnotherOperation() async {
        let (service, counter) = Self.service(MockIdempotency(scope: .operation, replayedHeader: "Idempotent-Replayed"))
        #expect(await service.respond(to: Self.post("/create", key: "k")).status == 200)
        #expect(await service.respond(to: Self.post("/refund", key: "k")).status == 200)
        let replayed = await service.respond(to: Self.post("/create", key: "k"))
        #expect(replayed.headers["idempotent-replayed"] == "true")
        #expect(counter.value == 2)
    }

    @Test func aKeyPerServiceIsAConflictOnAnotherOperation() async {
        let (service, counter) = Self.service(MockIdempotency())
        #expect(
            await service.respond(to: Self.post("/create", key: "k", body: #"{"a": 1, "b": [1, 2]}"#)).status == 200)
        let same = await service.respond(to: Self.post("/create", key: "k", body: #"{ "b":[1,2],"a":1 }"#))
        #expect(same.status == 200 && same.headers["idempotent-replayed"] == nil)
        #expect(await service.respond(to: Self.post("/refund", key: "k")).status == 422)
        #expect(await service.respond(to: Self.post("/create", key: "k", body: #"{"a": 2}"#)).status == 422)
        #expect(counter.value == 1)
    }
}

/// Counts handler runs across concurrent calls.
final class Counter: Sendable {
    private let count = Locked(0)
    var value: Int { count.withLock { $0 } }
    func next() -> Int {
        count.withLock {
            $0 += 1
            return $0
        }
    }
}
