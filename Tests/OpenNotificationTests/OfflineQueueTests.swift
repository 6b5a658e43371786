import Foundation
import OpenNotification
import OpenNotificationMock
import SpecsmithMock
import SpecsmithRuntime
import SpecsmithTesting
import Testing

/// Adds `Retry-After` to the mock's 429 answers, which its faults cannot set themselves.
struct RetryAfterTransport: HTTPTransport {
    let seconds: Int
    let base = URLSessionHTTPTransport()

    func send(_ request: TransportRequest) async throws(TransportFailure) -> TransportResponse {
        var response = try await base.send(request)
        if response.status == 429 { response.headers["Retry-After"] = String(seconds) }
        return response
    }
}

/// An offline spell loses nothing: passing failures never drop a call, only a documented refusal
/// does, completions hear "not sent yet" after a bounded wait, and the queue stays within its bound.
@Suite struct OfflineQueueTests {
    func registered(_ fixture: Fixture, _ sdk: OpenNotification.Installation) async throws -> String {
        sdk.didRegister(deviceToken: .token(0x51))
        await sdk.waitUntilIdle()
        return try #require(sdk.subscriptionId)
    }

    @Test func aLogoutMadeInATunnelWaitsOutEveryFailureAndIsSentWhenTheNetworkIsBack() async throws {
        try await withFixture { fixture in
            let sdk = fixture.launch(maxAttempts: 3)
            let id = try await registered(fixture, sdk)
            try await sdk.loginAndWait("old_user")
            // Four resets in a row: more than the three attempts after which the queue used to drop a call.
            try fixture.mock.service.inject(MockFault(operation: "setIdentity", kind: .reset, times: 4))
            let heard = Recorder<[OpenNotification.Failure?]>([])
            sdk.logout { error in heard.update { $0.append(error as? OpenNotification.Failure) } }
            await sdk.waitUntilIdle()
            #expect(fixture.simulator.subscription(id)?.externalID == nil)
            #expect(fixture.calls.filter { $0.hasSuffix("/identity") }.count == 1 + 5)
            // Told once, after three attempts, that it was not sent yet; never that it failed.
            #expect(heard.value.count == 1)
            #expect(heard.value.first??.isStillQueued == true)
        }
    }

    @Test func anUnsubscribeTheNetworkNeverLetThroughIsSentByTheNextLaunch() async throws {
        try await withFixture { fixture in
            let first = fixture.launch()
            let id = try await registered(fixture, first)
            let backoff = FakeScheduler()
            try fixture.mock.service.inject(.error(MockFailure(status: 503, code: 503, message: "down")))
            let offline = fixture.launch(backoff: .init(jitter: { $0 }, sleep: backoff.sleep))
            offline.unsubscribe()
            // The launch is killed while it waits to try again.
            await backoff.waitForSleepers(1)
            fixture.mock.service.clearFaults()

            let next = fixture.launch()
            await next.waitUntilIdle()
            #expect(fixture.simulator.subscription(id)?.subscribed == false)
            #expect(next.status == .unsubscribed)
        }
    }

    @Test func aDocumentedRefusalRemovesTheCallAndReachesItsCompletion() async throws {
        try await withFixture { fixture in
            let sdk = fixture.launch()
            _ = try await registered(fixture, sdk)
            try fixture.mock.service.inject(
                .error(OpenNotification.ErrorCode.invalidAppKey.mockFailure, operation: "setLanguage", times: 1))
            let failure = await #expect(throws: OpenNotification.Failure.self) {
                try await sdk.setLanguageAndWait("tr")
            }
            #expect(failure?.isStillQueued == false)
            #expect(failure?.code == .invalidAppKey)
            let later = fixture.launch()
            await later.waitUntilIdle()
            #expect(fixture.calls.filter { $0.hasSuffix("/language") }.count == 1)
        }
    }

    @Test func retriesBackOffWithJitterAndNeverComeBeforeRetryAfter() async throws {
        try await withFixture { fixture in
            let waits = FakeScheduler()
            let sdk = fixture.launch(
                transport: RetryAfterTransport(seconds: 120),
                backoff: .init(baseDelay: 1, maxDelay: 300, jitter: { $0 / 2 }, sleep: waits.sleep))
            _ = try await registered(fixture, sdk)
            try fixture.mock.service.inject(.error(MockFailure(status: 503, code: 503, message: "busy"), times: 2))
            try fixture.mock.service.inject(.error(MockFailure(status: 429, code: 429, message: "slow down"), times: 1))
            sdk.setTags(["plan": "gold"])
            for _ in 0..<3 {
                await waits.waitForSleepers(1)
                waits.advance(1000)
            }
            await sdk.waitUntilIdle()
            #expect(waits.requested == [0.5, 1, 120])
            #expect(fixture.calls.filter { $0.hasSuffix("/tags") }.count == 4)
        }
    }

    @Test func aCompletionHearsNotSentYetAfterTheBoundedWaitAndTheCallStaysQueued() async throws {
        try await withFixture { fixture in
            let timers = FakeScheduler()
            let sdk = fixture.launch(configure: false, queue: .init(completionWait: 30, sleep: timers.sleep))
            sdk.didRegister(deviceToken: .token(0x52))
            let heard = Recorder<[Bool?]>([])
            let called = Signal()
            sdk.login("tunnel_user") { error in
                heard.update { $0.append((error as? OpenNotification.Failure)?.isStillQueued) }
                called.fire()
            }
            await timers.waitForSleepers(1)
            #expect(timers.requested == [30])
            // Short of the wait, the timer is still asleep, so the completion cannot have run.
            timers.advance(29)
            #expect(timers.sleeping == 1)
            timers.advance(1)
            await called.wait()
            #expect(heard.value == [true])

            sdk.configure(endpoint: fixture.mock.baseURL.absoluteString, appKey: OpenNotificationTestData.appKey)
            await sdk.waitUntilIdle()
            let id = try #require(sdk.subscriptionId)
            #expect(fixture.simulator.subscription(id)?.externalID == "tunnel_user")
            #expect(heard.value == [true])
        }
    }

    @Test func pastTheBoundRedundantCallsMergeAndTheLastOfEachStands() async throws {
        try await withFixture { fixture in
            let sdk = fixture.launch(configure: false, queue: .init(maxOperations: 4, sleep: fixture.timers.sleep))
            let done = Recorder<Int>(0)
            sdk.login("first") { _ in done.update { $0 += 1 } }
            sdk.logout()
            sdk.setLanguage("en")
            sdk.setTags(["a": 1, "b": 2])
            sdk.removeTags(["a"])
            sdk.login("last")
            sdk.setLanguage("tr")
            sdk.setTags(["c": true])
            sdk.didRegister(deviceToken: .token(0x53))
            sdk.configure(endpoint: fixture.mock.baseURL.absoluteString, appKey: OpenNotificationTestData.appKey)
            await sdk.waitUntilIdle()
            let id = try #require(sdk.subscriptionId)
            #expect(
                fixture.calls.map { $0.replacingOccurrences(of: id, with: "ID") } == [
                    "POST /v1/subscriptions", "PUT /v1/subscriptions/ID/identity", "PUT /v1/subscriptions/ID/language",
                    "PATCH /v1/subscriptions/ID/tags",
                ])
            let subscription = try #require(fixture.simulator.subscription(id))
            #expect(subscription.externalID == "last")
            #expect(subscription.language == "tr")
            #expect(subscription.tags == ["b": "2", "c": "true"])
            // The merged login's completion heard the outcome of the login that stood for it.
            #expect(done.value == 1)
        }
    }

    @Test func pastTheAgeBoundStaleReportsGoButTheUsersChoicesStay() async throws {
        try await withFixture { fixture in
            let sdk = fixture.launch(configure: false)
            let dropped = Recorder<[Bool?]>([])
            let push: [AnyHashable: Any] = ["aps": ["content-available": 1], "on": ["i": "stale-msg"]]
            sdk.didReceiveBackground(userInfo: push) { error in
                dropped.update { $0.append((error as? OpenNotification.Failure)?.isStillQueued) }
            }
            sdk.logout()
            fixture.clock.advance(31 * 24 * 3600)
            sdk.setLanguage("tr")
            sdk.didRegister(deviceToken: .token(0x54))
            sdk.configure(endpoint: fixture.mock.baseURL.absoluteString, appKey: OpenNotificationTestData.appKey)
            await sdk.waitUntilIdle()
            let id = try #require(sdk.subscriptionId)
            #expect(
                fixture.calls.map { $0.replacingOccurrences(of: id, with: "ID") } == [
                    "POST /v1/subscriptions", "PUT /v1/subscriptions/ID/identity", "PUT /v1/subscriptions/ID/language",
                ])
            // The dropped report's completion heard it was dropped, not that it is still queued.
            #expect(dropped.value == [false])
            #expect(fixture.log.value.contains { $0.contains("past its bound") })
        }
    }
}
