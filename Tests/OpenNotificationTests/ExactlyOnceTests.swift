import Foundation
import OpenNotification
import OpenNotificationMock
import SpecsmithMock
import SpecsmithTesting
import Testing

/// Exactly once on every path: a cold-start button tap, a background push whose network hangs, a
/// bad endpoint; and the app's closures run on the main thread.
@Suite struct ExactlyOnceTests {
    func delivery(_ fixture: Fixture) async throws -> APNsDelivery {
        let setup = fixture.launch()
        setup.didRegister(deviceToken: .token(0x71))
        try await setup.loginAndWait("user")
        let result = try await fixture.backend.sendNotification(
            .init(
                target: .init(externalIDs: ["user"]), title: "Sale", body: "Half price", url: "shop://sale",
                actions: [.init(id: "buy", title: "Buy")]))
        await setup.waitUntilIdle()
        return try #require(fixture.simulator.deliveries(campaignID: result.campaignID).first)
    }

    @Test func aColdStartButtonTapReachesOnOpenOnceWithItsActionIdAndIsReportedOnce() async throws {
        try await withFixture { fixture in
            let push = try await delivery(fixture)
            let sdk = fixture.launch()
            let opened = Recorder<[String?]>([])
            // The manual's order: onOpen, then the launch options, then the notification center.
            sdk.onOpen = { message in opened.update { $0.append(message.actionId) } }
            sdk.handleLaunch(userInfo: push.userInfo)
            sdk.didReceive(response: NotificationResponse(userInfo: push.userInfo, actionIdentifier: "buy"))
            await sdk.waitUntilIdle()
            #expect(opened.value == ["buy"])
            let stats = try await fixture.backend.campaignStats(campaignID: push.campaignID)
            #expect(stats.clicked == 1)
            #expect(stats.clicksByAction == ["buy": 1])
            #expect(stats.opened == 0)
        }
    }

    @Test func aLaunchTapWithoutItsResponseReachesOnOpenWhenTheGraceEnds() async throws {
        try await withFixture { fixture in
            let push = try await delivery(fixture)
            let timers = FakeScheduler()
            let sdk = fixture.launch(queue: .init(sleep: timers.sleep))
            let opened = Recorder<[String?]>([])
            sdk.onOpen = { message in opened.update { $0.append(message.msgId) } }
            sdk.handleLaunch(userInfo: push.userInfo)
            await timers.waitForSleepers(1)
            #expect(timers.requested == [2])
            timers.advance(1.9)
            #expect(timers.sleeping == 1)
            timers.advance(0.1)
            await sdk.waitUntilIdle()
            #expect(opened.value == [push.msgID])
            #expect(try await fixture.backend.campaignStats(campaignID: push.campaignID).opened == 1)
        }
    }

    @Test func didReceiveBackgroundCallsItsCompletionWithin25SecondsWhenTheNetworkFails() async throws {
        try await withFixture { fixture in
            let push = try await delivery(fixture)
            let backoff = FakeScheduler()
            let timers = FakeScheduler()
            let sdk = fixture.launch(
                backoff: .init(jitter: { $0 }, sleep: backoff.sleep), queue: .init(sleep: timers.sleep))
            try fixture.mock.service.inject(MockFault(operation: "reportDelivered", kind: .reset))
            let heard = Recorder<[Bool?]>([])
            let called = Signal()
            sdk.didReceiveBackground(userInfo: push.userInfo) { error in
                heard.update { $0.append((error as? OpenNotification.Failure)?.isStillQueued) }
                called.fire()
            }
            await backoff.waitForSleepers(1)
            await timers.waitForSleepers(1)
            #expect(timers.requested == [25])
            // Short of 25 s the timer is still asleep, so the completion cannot have run.
            timers.advance(24.9)
            #expect(timers.sleeping == 1)
            #expect(heard.value.isEmpty)
            timers.advance(0.1)
            await called.wait()
            #expect(heard.value == [true])

            // The network comes back: the report goes, and the completion is not called again.
            fixture.mock.service.clearFaults()
            backoff.advance(1000)
            await sdk.waitUntilIdle()
            #expect(try await fixture.backend.campaignStats(campaignID: push.campaignID).delivered == 1)
            #expect(heard.value == [true])
        }
    }

    @Test func aBadEndpointIsAClearErrorAndEveryCompletionStillRuns() async throws {
        try await withFixture { fixture in
            let sdk = fixture.launch(configure: false)
            let heard = Recorder<[String]>([])
            sdk.login("early") { error in
                heard.update { $0.append((error as? OpenNotification.Failure)?.detail ?? "-") }
            }
            sdk.configure(endpoint: "push.example.com", appKey: OpenNotificationTestData.appKey)
            let later = await #expect(throws: OpenNotification.Failure.self) { try await sdk.setLanguageAndWait("tr") }
            #expect(later?.kind == .invalidRequest)
            #expect(later?.isStillQueued == false)
            #expect(heard.value.count == 1)
            #expect(heard.value.first?.contains("\"push.example.com\" is not an http(s) URL") == true)
            #expect(fixture.log.value.contains { $0.contains("\"push.example.com\" is not an http(s) URL") })

            // The calls stayed queued: a good configure sends them.
            sdk.configure(endpoint: fixture.mock.baseURL.absoluteString, appKey: OpenNotificationTestData.appKey)
            sdk.didRegister(deviceToken: .token(0x72))
            await sdk.waitUntilIdle()
            let id = try #require(sdk.subscriptionId)
            #expect(fixture.simulator.subscription(id)?.externalID == "early")
            #expect(fixture.simulator.subscription(id)?.language == "tr")
        }
    }

    @Test func onOpenAndOnReceiveRunOnTheMainActorInOrder() async throws {
        try await withFixture { fixture in
            let push = try await delivery(fixture)
            let sdk = fixture.launch()
            // The log is main-actor isolated: the closures touch it synchronously, which compiles only
            // because they are isolated to the main actor too.
            let log = MainActorLog()
            sdk.onOpen = { message in log.entries.append("open \(message.msgId ?? "")") }
            sdk.onReceive = { message in log.entries.append("receive \(message.msgId ?? "")") }
            sdk.willPresent(notification: ReceivedNotification(userInfo: push.userInfo))
            sdk.didReceive(response: NotificationResponse(userInfo: push.userInfo))
            await sdk.waitUntilIdle()
            let entries = await MainActor.run { log.entries }
            #expect(entries == ["receive \(push.msgID)", "open \(push.msgID)"])
        }
    }
}

/// What the app's main-actor code saw.
@MainActor
final class MainActorLog: Sendable {
    var entries: [String] = []

    nonisolated init() {}
}
