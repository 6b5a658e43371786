import Foundation
import OpenNotification
import OpenNotificationMock
import SpecsmithTesting
import Testing

/// An opt-out sticks: asking for a granted permission again (as apps do at launch) keeps it; only
/// `optIn()` undoes it; and `configure` registers with APNs again by itself.
@Suite struct OptOutTests {
    func send(_ fixture: Fixture, to user: String) async throws -> OpenNotification.NotificationResult {
        try await fixture.backend.sendNotification(.init(target: .init(externalIDs: [user]), title: "T", body: "B"))
    }

    @Test func askingForAGrantedPermissionAtLaunchKeepsAnEarlierUnsubscribe() async throws {
        try await withFixture { fixture in
            let sdk = fixture.launch()
            sdk.didRegister(deviceToken: .token(0x61))
            try await sdk.loginAndWait("A")
            try await sdk.unsubscribeAndWait()

            let relaunch = fixture.launch()
            #expect(await relaunch.requestPermission())
            relaunch.didRegister(deviceToken: .token(0x61))
            await relaunch.waitUntilIdle()
            #expect(relaunch.status == .unsubscribed)
            #expect(try await send(fixture, to: "A").targeted == 0)
            let registrations = fixture.requests("POST", pathSuffix: "/v1/subscriptions")
            #expect(registrations.count == 2)
            #expect(registrations.last?.contains("\"subscribed\":false") == true)
        }
    }

    @Test func optInIsTheOneCallThatUndoesUnsubscribe() async throws {
        try await withFixture { fixture in
            let sdk = fixture.launch()
            sdk.didRegister(deviceToken: .token(0x62))
            try await sdk.loginAndWait("B")
            try await sdk.unsubscribeAndWait()
            #expect(try await send(fixture, to: "B").targeted == 0)

            try await sdk.optInAndWait()
            let id = try #require(sdk.subscriptionId)
            #expect(sdk.status == .subscribed(id))
            #expect(try await send(fixture, to: "B").targeted == 1)

            let relaunch = fixture.launch()
            relaunch.didRegister(deviceToken: .token(0x62))
            await relaunch.waitUntilIdle()
            #expect(relaunch.status == .subscribed(id))
            #expect(try await send(fixture, to: "B").targeted == 1)
        }
    }

    @Test func optInBeforeAnyTokenLetsTheFirstRegistrationGoOutSubscribed() async throws {
        try await withFixture { fixture in
            let sdk = fixture.launch()
            sdk.unsubscribe()
            sdk.optIn()
            sdk.didRegister(deviceToken: .token(0x63))
            await sdk.waitUntilIdle()
            let registrations = fixture.requests("POST", pathSuffix: "/v1/subscriptions")
            #expect(registrations.count == 1)
            #expect(registrations.first?.contains("\"subscribed\":true") == true)
        }
    }

    @Test func configureRegistersWithAPNsAgainWhenPermissionWasGrantedBefore() async throws {
        try await withFixture { fixture in
            let first = fixture.launch()
            #expect(await first.requestPermission())
            await first.waitUntilIdle()

            let registered = Recorder<Int>(0)
            let authorizer = ScriptedAuthorizer(granted: true) { registered.update { $0 += 1 } }
            let relaunch = fixture.launch(authorizer: authorizer)
            await relaunch.waitUntilIdle()
            #expect(registered.value == 1)
        }
    }

    @Test func configureDoesNotRegisterWithAPNsBeforeAnyGrant() async throws {
        try await withFixture { fixture in
            let registered = Recorder<Int>(0)
            let authorizer = ScriptedAuthorizer(granted: true) { registered.update { $0 += 1 } }
            let sdk = fixture.launch(authorizer: authorizer)
            await sdk.waitUntilIdle()
            #expect(registered.value == 0)
        }
    }
}
