import Foundation
import OpenNotification
import OpenNotificationMock
import SpecsmithMock
import SpecsmithRuntime
import SpecsmithTesting
import Testing

/// The durable queue: calls before the token are kept in order on disk and sent once after the
/// registration, across relaunches; failures retry with backoff and then reach the completion.
@Suite struct QueueTests {
    @Test func callsBeforeTheTokenAreSentOnceInOrderAfterTheRegistration() async throws {
        try await withFixture { fixture in
            let sdk = fixture.launch()
            let done = Recorder<[String]>([])
            sdk.login("user_123") { error in done.update { $0.append("login \(error == nil)") } }
            sdk.setTags(["plan": "platinum", "streak": 42]) { error in done.update { $0.append("tags \(error == nil)") }
            }
            sdk.removeTags(["streak"], completion: nil)
            sdk.setLanguage("tr", completion: nil)
            await sdk.waitUntilIdle()
            #expect(fixture.calls.isEmpty)
            #expect(sdk.subscriptionId == nil)

            sdk.didRegister(deviceToken: .token(0xab))
            await sdk.waitUntilIdle()
            let id = try #require(sdk.subscriptionId)
            #expect(
                fixture.calls == [
                    "POST /v1/subscriptions", "PUT /v1/subscriptions/\(id)/identity",
                    "PATCH /v1/subscriptions/\(id)/tags",
                    "PATCH /v1/subscriptions/\(id)/tags", "PUT /v1/subscriptions/\(id)/language",
                ])
            #expect(done.value == ["login true", "tags true"])
            let subscription = try #require(fixture.simulator.subscription(id))
            #expect(subscription.externalID == "user_123")
            #expect(subscription.tags == ["plan": "platinum"])
            #expect(subscription.language == "tr")
        }
    }

    @Test func queuedCallsSurviveARelaunchAndAreSentByTheNextLaunch() async throws {
        try await withFixture { fixture in
            // First launch: the process is killed before anything could be sent (no token yet).
            let first = fixture.launch()
            first.login("user_1", completion: nil)
            first.setTags(["vip": true], completion: nil)
            await first.waitUntilIdle()

            let second = fixture.launch()
            second.didRegister(deviceToken: .token(0x01))
            await second.waitUntilIdle()
            let id = try #require(second.subscriptionId)
            #expect(
                fixture.calls == [
                    "POST /v1/subscriptions", "PUT /v1/subscriptions/\(id)/identity",
                    "PATCH /v1/subscriptions/\(id)/tags",
                ])

            // A third launch has nothing left to send.
            let third = fixture.launch()
            #expect(third.subscriptionId == id)
            await third.waitUntilIdle()
            #expect(fixture.calls.count == 3)
        }
    }

    @Test func aCallWhoseSendNeverFinishedIsSentOnceByTheNextLaunch() async throws {
        try await withFixture { fixture in
            let first = fixture.launch()
            first.didRegister(deviceToken: .token(0x07))
            await first.waitUntilIdle()
            let id = try #require(first.subscriptionId)
            // The next launch's network hangs; the process is killed while `login` is on its way.
            let killed = fixture.launch(transport: HangingTransport())
            killed.login("user_k", completion: nil)

            let relaunch = fixture.launch()
            await relaunch.waitUntilIdle()
            #expect(fixture.calls == ["POST /v1/subscriptions", "PUT /v1/subscriptions/\(id)/identity"])
            #expect(fixture.simulator.subscription(id)?.externalID == "user_k")
        }
    }

    @Test func aServerThatForgotTheSubscriptionGetsTheRegistrationAgainFirst() async throws {
        try await withFixture { fixture in
            let sdk = fixture.launch()
            sdk.didRegister(deviceToken: .token(0x08))
            await sdk.waitUntilIdle()
            let old = try #require(sdk.subscriptionId)
            fixture.simulator.reset()
            try await sdk.loginAndWait("user_again")
            // The simulator starts counting again after a reset, so the new id may equal the old one.
            let new = try #require(sdk.subscriptionId)
            #expect(
                fixture.calls == [
                    "POST /v1/subscriptions", "PUT /v1/subscriptions/\(old)/identity", "POST /v1/subscriptions",
                    "PUT /v1/subscriptions/\(new)/identity",
                ])
            #expect(fixture.simulator.subscription(new)?.externalID == "user_again")
        }
    }

    @Test func aServerThatKeepsForgettingTheSubscriptionEndsInTheFailure() async throws {
        try await withFixture { fixture in
            let sdk = fixture.launch()
            sdk.didRegister(deviceToken: .token(0x09))
            await sdk.waitUntilIdle()
            let unknown = OpenNotification.ErrorCode.unknownSubscription.mockFailure
            try fixture.mock.service.inject(.error(unknown, operation: "setIdentity"))
            await #expect(throws: OpenNotification.Failure.self) { try await sdk.loginAndWait("user_lost") }
            #expect(
                fixture.calls.map { $0.replacingOccurrences(of: sdk.subscriptionId ?? "-", with: "ID") } == [
                    "POST /v1/subscriptions", "PUT /v1/subscriptions/ID/identity", "POST /v1/subscriptions",
                    "PUT /v1/subscriptions/ID/identity",
                ])
        }
    }

    @Test func aCallMadeBeforeConfigureIsSentOnceConfigured() async throws {
        try await withFixture { fixture in
            let sdk = fixture.launch(configure: false)
            sdk.didRegister(deviceToken: .token(0x02))
            sdk.login("early", completion: nil)
            await sdk.waitUntilIdle()
            #expect(fixture.calls.isEmpty)

            sdk.configure(endpoint: fixture.mock.baseURL.absoluteString, appKey: OpenNotificationTestData.appKey)
            try await sdk.logoutAndWait()
            let id = try #require(sdk.subscriptionId)
            #expect(
                fixture.calls == [
                    "POST /v1/subscriptions", "PUT /v1/subscriptions/\(id)/identity",
                    "PUT /v1/subscriptions/\(id)/identity",
                ])
            #expect(fixture.simulator.subscription(id)?.externalID == nil)
        }
    }

    @Test func transientFailuresAreRetriedWithBackoff() async throws {
        try await withFixture { fixture in
            let sdk = fixture.launch()
            try fixture.mock.service.inject(.error(MockFailure(status: 503, code: 503, message: "busy"), times: 2))
            sdk.didRegister(deviceToken: .token(0x03))
            await sdk.waitUntilIdle()
            #expect(sdk.subscriptionId != nil)
            #expect(fixture.calls == Array(repeating: "POST /v1/subscriptions", count: 3))
        }
    }

    @Test func aSendThatKeepsFailingTellsItsCompletionNotYetAndIsSentLater() async throws {
        try await withFixture { fixture in
            let sdk = fixture.launch(maxAttempts: 2)
            sdk.didRegister(deviceToken: .token(0x04))
            await sdk.waitUntilIdle()
            try fixture.mock.service.inject(.error(MockFailure(status: 503, code: 503, message: "down"), times: 2))
            let failure = await #expect(throws: OpenNotification.Failure.self) { try await sdk.loginAndWait("user_x") }
            #expect(failure?.isStillQueued == true)
            await sdk.waitUntilIdle()
            let id = try #require(sdk.subscriptionId)
            #expect(fixture.simulator.subscription(id)?.externalID == "user_x")
            #expect(fixture.calls.filter { $0.hasSuffix("/identity") }.count == 3)
        }
    }

    @Test func invalidInputFailsAtOnceAndQueuesNothing() async throws {
        try await withFixture { fixture in
            let sdk = fixture.launch()
            sdk.didRegister(deviceToken: .token(0x05))
            await sdk.waitUntilIdle()
            await #expect(throws: OpenNotification.Failure.self) { try await sdk.loginAndWait("  ") }
            await #expect(throws: OpenNotification.Failure.self) { try await sdk.setTagsAndWait(["": "x"]) }
            await #expect(throws: OpenNotification.Failure.self) {
                try await sdk.setTagsAndWait(["ok": 1, "bad": .double(.nan)])
            }
            await #expect(throws: OpenNotification.Failure.self) { try await sdk.removeTagsAndWait(["a", ""]) }
            await #expect(throws: OpenNotification.Failure.self) { try await sdk.setLanguageAndWait("tr tr") }
            await sdk.waitUntilIdle()
            #expect(fixture.calls == ["POST /v1/subscriptions"])
        }
    }

    @Test func aCorruptStoreStartsAFreshInstallationWithALogLine() async throws {
        try await withFixture { fixture in
            try Data("not json".utf8).write(to: fixture.store.url)
            let sdk = fixture.launch()
            #expect(sdk.subscriptionId == nil)
            #expect(fixture.log.value.contains { $0.contains("could not be read") })
            #expect(fixture.log.value.contains { $0.contains("starting a new installation") })
            sdk.didRegister(deviceToken: .token(0x06))
            await sdk.waitUntilIdle()
            #expect(sdk.subscriptionId != nil)
        }
    }
}
