import Foundation
import OpenNotification
import OpenNotificationMock
import Testing

/// Sessions: pinged whenever the app becomes active, counted by the server after 30 minutes of silence.
@Suite struct SessionTests {
    @Test func theServerCountsANewSessionOnlyAfterThirtyMinutesOfSilence() async throws {
        try await withFixture { fixture in
            let lifecycle = ManualLifecycle()
            let sdk = fixture.launch(lifecycle: lifecycle)
            sdk.didRegister(deviceToken: .token(0xa1))
            lifecycle.becomeActive()
            await sdk.waitUntilIdle()
            let id = try #require(sdk.subscriptionId)
            #expect(fixture.simulator.subscription(id)?.sessionCount == 1)

            fixture.clock.advance(29 * 60 + 59)
            lifecycle.becomeActive()
            await sdk.waitUntilIdle()
            #expect(fixture.simulator.subscription(id)?.sessionCount == 1)

            fixture.clock.advance(30 * 60)
            try await sdk.trackSessionAndWait()
            let subscription = try #require(fixture.simulator.subscription(id))
            #expect(subscription.sessionCount == 2)
            #expect(subscription.lastSessionAt == fixture.clock.now)
        }
    }

    @Test func configuringTwiceObservesTheLifecycleOnce() async throws {
        try await withFixture { fixture in
            let lifecycle = ManualLifecycle()
            let sdk = fixture.launch(lifecycle: lifecycle)
            sdk.configure(endpoint: fixture.mock.baseURL.absoluteString, appKey: OpenNotificationTestData.appKey)
            sdk.didRegister(deviceToken: .token(0xa2))
            lifecycle.becomeActive()
            await sdk.waitUntilIdle()
            #expect(fixture.calls.filter { $0.hasSuffix("/session") }.count == 1)
        }
    }

    @Test func thePingWithoutADeviceTimeUsesTheServerClock() async throws {
        try await withFixture { fixture in
            let sdk = fixture.launch()
            sdk.didRegister(deviceToken: .token(0xa3))
            await sdk.waitUntilIdle()
            let id = try #require(sdk.subscriptionId)
            let client = OpenNotification.Client(
                environment: .custom(fixture.mock.baseURL), appKey: OpenNotificationTestData.appKey)
            let first = try await client.trackSession(subscriptionID: id, .init())
            fixture.serverClock.advance(31 * 60)
            let second = try await client.trackSession(subscriptionID: id, .init())
            fixture.serverClock.advance(60)
            let third = try await client.trackSession(subscriptionID: id, .init())
            #expect([first.newSession, second.newSession, third.newSession] == [true, true, false])
            #expect(third.sessionCount == 2)
            #expect(third.lastSessionAt == fixture.serverClock.now)
        }
    }
}
