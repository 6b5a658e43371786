import Foundation
import OpenNotification
import OpenNotificationMock
@_spi(Generated) import SpecsmithRuntime
import SpecsmithTesting
import Testing

/// One installation is one subscription; the registration carries what the manual lists.
@Suite struct RegistrationTests {
    @Test func registrationSendsEverythingTheManualLists() async throws {
        try await withFixture { fixture in
            let sdk = fixture.launch()
            sdk.didRegister(deviceToken: Data([0x0a, 0xbc, 0xde, 0xf0, 0x01, 0x02, 0x03, 0x04]))
            await sdk.waitUntilIdle()
            let body = try #require(fixture.requests("POST", pathSuffix: "/v1/subscriptions").first)
            let json = try #require(try JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any])
            #expect(json["platform"] as? String == "ios")
            #expect(json["sdkVersion"] as? String == DeviceInfo.sdkVersion)
            #expect(json["osVersion"] as? String == "17.4.1")
            #expect(json["deviceModel"] as? String == "iPhone15,2")
            #expect(json["appVersion"] as? String == "2.3")
            #expect(json["language"] as? String == "en")
            #expect(json["timeZone"] as? String == "Europe/Istanbul")
            #expect(json["country"] as? String == "TR")
            #expect(json["subscribed"] as? Bool == true)
            #expect((json["installationId"] as? String)?.isEmpty == false)
            // The token is sensitive: the journal keeps it redacted, the simulator has it in hex.
            let id = try #require(sdk.subscriptionId)
            #expect(fixture.simulator.token(of: id) == "0abcdef001020304")
            #expect(sdk.status == .subscribed(id))
        }
    }

    @Test func tokenRotationUpdatesTheOneSubscription() async throws {
        try await withFixture { fixture in
            let sdk = fixture.launch()
            sdk.didRegister(deviceToken: .token(0x11))
            await sdk.waitUntilIdle()
            let id = try #require(sdk.subscriptionId)

            let relaunch = fixture.launch()
            relaunch.didRegister(deviceToken: .token(0x22))
            await relaunch.waitUntilIdle()
            #expect(relaunch.subscriptionId == id)
            #expect(fixture.simulator.subscriptions.map(\.id) == [id])
            #expect(fixture.simulator.token(of: id) == .tokenHex(0x22))
        }
    }

    @Test func twoTokensAtFirstLaunchMakeOneSubscriptionWithTheNewest() async throws {
        try await withFixture { fixture in
            let sdk = fixture.launch(configure: false)
            sdk.didRegister(deviceToken: .token(0x31))
            sdk.didRegister(deviceToken: .token(0x32))
            sdk.configure(endpoint: fixture.mock.baseURL.absoluteString, appKey: OpenNotificationTestData.appKey)
            await sdk.waitUntilIdle()
            let id = try #require(sdk.subscriptionId)
            #expect(fixture.calls == ["POST /v1/subscriptions"])
            #expect(fixture.simulator.token(of: id) == .tokenHex(0x32))
        }
    }

    @Test func aReinstallThatReusesTheTokenLeavesNoSecondActiveSubscription() async throws {
        try await withFixture { fixture in
            let first = fixture.launch()
            first.didRegister(deviceToken: .token(0x41))
            await first.waitUntilIdle()
            let old = try #require(first.subscriptionId)
            // A reinstall loses the store; APNs may hand out the same token.
            let other = FileInstallationStore(url: fixture.folder.appendingPathComponent("reinstalled.json"))
            let reinstalled = fixture.launch(store: other)
            reinstalled.didRegister(deviceToken: .token(0x41))
            await reinstalled.waitUntilIdle()
            let new = try #require(reinstalled.subscriptionId)
            #expect(new != old)
            #expect(fixture.simulator.subscriptions.filter(\.subscribed).map(\.id) == [new])
        }
    }

    @Test func permissionGrantedWithoutDidRegisterSaysSoInStatusAndLog() async throws {
        try await withFixture { fixture in
            let sdk = fixture.launch(authorizer: ScriptedAuthorizer(granted: true))
            #expect(sdk.status == .permissionNotRequested)
            let granted = await sdk.requestPermission()
            #expect(granted)
            await sdk.waitUntilIdle()
            #expect(sdk.status == .permissionGrantedButNotRegistered)
            #expect(fixture.log.value.contains { $0.contains("didRegister(deviceToken:) was never called") })
            #expect(fixture.calls.isEmpty)
        }
    }

    @Test func permissionGrantedAndRegisteredSubscribesWithoutAWarning() async throws {
        try await withFixture { fixture in
            let box = Recorder<OpenNotification.Installation?>(nil)
            let sdk = fixture.launch(
                authorizer: ScriptedAuthorizer(granted: true) { box.value?.didRegister(deviceToken: .token(0x51)) })
            box.update { $0 = sdk }
            let answer = Recorder<Bool?>(nil)
            await withCheckedContinuation { continuation in
                sdk.requestPermission { granted in
                    answer.update { $0 = granted }
                    continuation.resume()
                }
            }
            await sdk.waitUntilIdle()
            #expect(answer.value == true)
            let id = try #require(sdk.subscriptionId)
            #expect(sdk.status == .subscribed(id))
            #expect(!fixture.log.value.contains { $0.contains("never called") })
        }
    }

    @Test func deniedPermissionIsTheStatus() async throws {
        try await withFixture { fixture in
            let sdk = fixture.launch(authorizer: ScriptedAuthorizer(granted: false))
            #expect(await sdk.requestPermission() == false)
            #expect(sdk.status == .permissionDenied)
        }
    }

    @Test func anExplicitLanguageWinsOverTheDeviceLanguageOnLaterLaunches() async throws {
        try await withFixture { fixture in
            let sdk = fixture.launch()
            sdk.didRegister(deviceToken: .token(0x61))
            try await sdk.setLanguageAndWait("tr")

            let relaunch = fixture.launch(device: Fixture.device)
            relaunch.didRegister(deviceToken: .token(0x61))
            await relaunch.waitUntilIdle()
            let id = try #require(relaunch.subscriptionId)
            let registrations = fixture.requests("POST", pathSuffix: "/v1/subscriptions")
            #expect(registrations.count == 2)
            #expect(registrations.last?.contains(#""language":"tr""#) == true)
            #expect(fixture.simulator.subscription(id)?.language == "tr")
        }
    }

    @Test func theCurrentDeviceIsDescribedWithoutEmptyFields() {
        let device = DeviceInfo.current
        #expect(!device.osVersion.isEmpty)
        #expect(!device.deviceModel.isEmpty)
        #expect(!device.language.isEmpty)
        #expect(!device.timeZone.isEmpty)
    }

    @Test func aBadEndpointIsLoggedAndNothingIsSent() async throws {
        try await withFixture { fixture in
            let sdk = fixture.launch(configure: false)
            sdk.configure(endpoint: "push.example.com", appKey: OpenNotificationTestData.appKey)
            sdk.didRegister(deviceToken: .token(0x71))
            await sdk.waitUntilIdle()
            #expect(fixture.log.value.contains { $0.contains("is not an http(s) URL") })
            #expect(fixture.calls.isEmpty)
        }
    }
}
