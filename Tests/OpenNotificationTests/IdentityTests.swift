import Foundation
import OpenNotification
import OpenNotificationBackend
import OpenNotificationMock
import Testing

/// Login and logout are atomic per installation; opting out sticks until `optIn()`.
@Suite struct IdentityTests {
    func send(_ fixture: Fixture, to externalID: String) async throws -> OpenNotification.NotificationResult {
        try await fixture.backend.sendNotification(
            .init(target: .init(externalIDs: [externalID]), title: "Hi", body: "For \(externalID)"))
    }

    @Test func afterLogoutAndLoginAsSomeoneElseOnlyTheNewUserReachesTheDevice() async throws {
        try await withFixture { fixture in
            let sdk = fixture.launch()
            sdk.didRegister(deviceToken: .token(0x81))
            try await sdk.loginAndWait("A")
            #expect(try await send(fixture, to: "A").targeted == 1)

            try await sdk.logoutAndWait()
            try await sdk.loginAndWait("B")
            #expect(try await send(fixture, to: "A").targeted == 0)
            let toB = try await send(fixture, to: "B")
            #expect(toB.targeted == 1)
            let id = try #require(sdk.subscriptionId)
            #expect(fixture.simulator.deliveries(campaignID: toB.campaignID).map(\.subscriptionID) == [id])
        }
    }

    @Test func repeatedLoginOfTheSameUserIsIdempotent() async throws {
        try await withFixture { fixture in
            let sdk = fixture.launch()
            sdk.didRegister(deviceToken: .token(0x82))
            try await sdk.loginAndWait("A")
            try await sdk.loginAndWait("A")
            #expect(fixture.simulator.subscriptions.count == 1)
            #expect(try await send(fixture, to: "A").targeted == 1)
        }
    }

    @Test func unsubscribeThenOptInSubscribesAgainAcrossRestarts() async throws {
        try await withFixture { fixture in
            let sdk = fixture.launch()
            sdk.didRegister(deviceToken: .token(0x83))
            try await sdk.loginAndWait("A")
            try await sdk.unsubscribeAndWait()
            #expect(sdk.status == .unsubscribed)
            #expect(try await send(fixture, to: "A").targeted == 0)

            // A restart: iOS hands the token over again; the opt-out holds.
            let restarted = fixture.launch()
            restarted.didRegister(deviceToken: .token(0x83))
            await restarted.waitUntilIdle()
            #expect(restarted.status == .unsubscribed)
            #expect(try await send(fixture, to: "A").targeted == 0)

            // The user opts back in from the app's settings.
            try await restarted.optInAndWait()
            #expect(try await send(fixture, to: "A").targeted == 1)

            let again = fixture.launch()
            again.didRegister(deviceToken: .token(0x83))
            await again.waitUntilIdle()
            let id = try #require(again.subscriptionId)
            #expect(again.status == .subscribed(id))
            #expect(try await send(fixture, to: "A").targeted == 1)
            #expect(fixture.simulator.subscriptions.count == 1)
        }
    }
}
