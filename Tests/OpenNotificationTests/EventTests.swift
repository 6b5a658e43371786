import Foundation
import OpenNotification
import OpenNotificationBackend
import OpenNotificationMock
import SpecsmithTesting
import Testing

/// Taps, foreground and background pushes: each event once, before the app's closure runs.
@Suite struct EventTests {
    /// Registers, logs in as `user` and sends one notification with buttons; answers its payload.
    func deliver(_ fixture: Fixture, _ sdk: OpenNotification.Installation, silent: Bool = false) async throws
        -> APNsDelivery
    {
        sdk.didRegister(deviceToken: .token(0x90))
        try await sdk.loginAndWait("user")
        let result = try await fixture.backend.sendNotification(
            .init(
                target: .init(externalIDs: ["user"]), title: silent ? nil : "Sale", body: silent ? nil : "Half price",
                url: "shop://sale", actions: [.init(id: "buy", title: "Buy")], data: ["sku": "42"], silent: silent))
        return try #require(fixture.simulator.deliveries(campaignID: result.campaignID).first)
    }

    func stats(_ fixture: Fixture, _ delivery: APNsDelivery) async throws -> OpenNotification.CampaignStats {
        try await fixture.backend.campaignStats(campaignID: delivery.campaignID)
    }

    @Test func aTapReportsOpenedBeforeOnOpenRuns() async throws {
        try await withFixture { fixture in
            let sdk = fixture.launch()
            let delivery = try await deliver(fixture, sdk)
            let seen = Recorder<[String]>([])
            let storeURL = fixture.store.url
            sdk.onOpen = { message in
                // The event is on disk (queued or sent) before the app's closure runs.
                let stored = (try? String(contentsOf: storeURL, encoding: .utf8)) ?? ""
                seen.update { $0.append("\(message.msgId ?? "") \(stored.contains("\(message.msgId ?? "")|opened|"))") }
            }
            sdk.didReceive(response: NotificationResponse(userInfo: delivery.userInfo))
            await sdk.waitUntilIdle()
            #expect(seen.value == ["\(delivery.msgID) true"])
            #expect(try await stats(fixture, delivery).opened == 1)
        }
    }

    @Test func aButtonTapReportsClickedWithTheActionId() async throws {
        try await withFixture { fixture in
            let sdk = fixture.launch()
            let delivery = try await deliver(fixture, sdk)
            let opened = Recorder<[OpenNotificationMessage]>([])
            sdk.onOpen = { message in opened.update { $0.append(message) } }
            sdk.didReceive(response: NotificationResponse(userInfo: delivery.userInfo, actionIdentifier: "buy"))
            await sdk.waitUntilIdle()
            #expect(opened.value.map(\.actionId) == ["buy"])
            let stats = try await stats(fixture, delivery)
            #expect(stats.clicked == 1)
            #expect(stats.clicksByAction == ["buy": 1])
            #expect(stats.opened == 0)
        }
    }

    @Test func eventsAreReportedOnceAfterADoubleTapAndASecondConfigure() async throws {
        try await withFixture { fixture in
            let sdk = fixture.launch()
            let delivery = try await deliver(fixture, sdk)
            let opened = Recorder<Int>(0)
            sdk.onOpen = { _ in opened.update { $0 += 1 } }
            sdk.didReceive(response: NotificationResponse(userInfo: delivery.userInfo))
            sdk.didReceive(response: NotificationResponse(userInfo: delivery.userInfo))
            sdk.configure(endpoint: fixture.mock.baseURL.absoluteString, appKey: OpenNotificationTestData.appKey)
            sdk.didReceive(response: NotificationResponse(userInfo: delivery.userInfo))
            await sdk.waitUntilIdle()
            // A relaunch that sees the same tap again (iOS redelivers after a crash) reports nothing new.
            let relaunch = fixture.launch()
            relaunch.didReceive(response: NotificationResponse(userInfo: delivery.userInfo))
            await relaunch.waitUntilIdle()
            #expect(opened.value == 1)
            #expect(fixture.calls.filter { $0.hasPrefix("POST /v1/e/o/") }.count == 1)
        }
    }

    @Test func aColdStartOpenIsReplayedOnceWhenOnOpenIsSet() async throws {
        try await withFixture { fixture in
            let setup = fixture.launch()
            let delivery = try await deliver(fixture, setup)
            await setup.waitUntilIdle()

            let sdk = fixture.launch()
            sdk.handleLaunch(userInfo: delivery.userInfo)
            // iOS also hands the same tap to the notification center delegate.
            sdk.didReceive(response: NotificationResponse(userInfo: delivery.userInfo))
            let opened = Recorder<[String?]>([])
            sdk.onOpen = { message in opened.update { $0.append(message.msgId) } }
            sdk.onOpen = { message in opened.update { $0.append(message.msgId) } }
            await sdk.waitUntilIdle()
            #expect(opened.value == [delivery.msgID])
            #expect(try await stats(fixture, delivery).opened == 1)
        }
    }

    @Test func inTheManualsOrderTheLaunchTapReachesOnOpenOnlyOnce() async throws {
        try await withFixture { fixture in
            let setup = fixture.launch()
            let delivery = try await deliver(fixture, setup)
            await setup.waitUntilIdle()

            let sdk = fixture.launch()
            let opened = Recorder<[String?]>([])
            sdk.onOpen = { message in opened.update { $0.append(message.msgId) } }
            sdk.handleLaunch(userInfo: delivery.userInfo)
            sdk.didReceive(response: NotificationResponse(userInfo: delivery.userInfo))
            await sdk.waitUntilIdle()
            #expect(opened.value == [delivery.msgID])
            #expect(fixture.calls.filter { $0.hasPrefix("POST /v1/e/o/") }.count == 1)
        }
    }

    @Test func aDismissalIsNeitherAnOpenNorAnEvent() async throws {
        try await withFixture { fixture in
            let sdk = fixture.launch()
            let delivery = try await deliver(fixture, sdk)
            let opened = Recorder<Int>(0)
            sdk.onOpen = { _ in opened.update { $0 += 1 } }
            sdk.didReceive(
                response: NotificationResponse(
                    userInfo: delivery.userInfo, actionIdentifier: NotificationResponse.dismissActionIdentifier))
            await sdk.waitUntilIdle()
            #expect(opened.value == 0)
            #expect(!fixture.calls.contains { $0.hasPrefix("POST /v1/e/") })
        }
    }

    @Test func aLaunchWithoutANotificationReplaysNothing() async throws {
        try await withFixture { fixture in
            let sdk = fixture.launch()
            sdk.handleLaunch(userInfo: nil)
            let opened = Recorder<Int>(0)
            sdk.onOpen = { _ in opened.update { $0 += 1 } }
            await sdk.waitUntilIdle()
            #expect(opened.value == 0)
        }
    }

    @Test func willPresentHandsTheMessageToOnReceiveWithoutAnEvent() async throws {
        try await withFixture { fixture in
            let sdk = fixture.launch()
            let delivery = try await deliver(fixture, sdk)
            await sdk.waitUntilIdle()
            let before = fixture.calls.count
            let received = Recorder<[OpenNotificationMessage]>([])
            sdk.onReceive = { message in received.update { $0.append(message) } }
            sdk.willPresent(notification: ReceivedNotification(userInfo: delivery.userInfo))
            await sdk.waitUntilIdle()
            #expect(received.value.map(\.title) == ["Sale"])
            #expect(received.value.first?.silent == false)
            #expect(fixture.calls.count == before)
        }
    }

    @Test func aBackgroundPushReportsDeliveredAndGivesSilentDataToOnReceive() async throws {
        try await withFixture { fixture in
            let lifecycle = ManualLifecycle()
            let sdk = fixture.launch(lifecycle: lifecycle)
            let delivery = try await deliver(fixture, sdk, silent: true)
            let received = Recorder<[OpenNotificationMessage]>([])
            sdk.onReceive = { message in received.update { $0.append(message) } }
            let opened = Recorder<Int>(0)
            sdk.onOpen = { _ in opened.update { $0 += 1 } }
            try await sdk.didReceiveBackgroundAndWait(userInfo: delivery.userInfo)
            try await sdk.didReceiveBackgroundAndWait(userInfo: delivery.userInfo)
            // A background launch by the same push is neither an open nor a session.
            sdk.handleLaunch(userInfo: delivery.userInfo)
            await sdk.waitUntilIdle()
            #expect(received.value.map(\.silent) == [true, true])
            #expect(received.value.first?.data == ["sku": "42"])
            #expect(opened.value == 0)
            let stats = try await stats(fixture, delivery)
            #expect(stats.delivered == 1)
            #expect(stats.opened == 0)
            let id = try #require(sdk.subscriptionId)
            #expect(fixture.simulator.subscription(id)?.sessionCount == 0)
        }
    }
}
