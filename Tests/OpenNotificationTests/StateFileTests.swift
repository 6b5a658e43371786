import Foundation
import OpenNotification
import OpenNotificationMock
import SpecsmithTesting
import Testing

/// A damaged state file loses neither the opt-out nor the queue, and the file is the owner's alone.
@Suite struct StateFileTests {
    @Test func aCorruptStateIsRecoveredFromItsLastGoodCopyWithTheOptOutAndTheQueue() async throws {
        try await withFixture { fixture in
            let first = fixture.launch()
            first.didRegister(deviceToken: .token(0x41))
            await first.waitUntilIdle()
            let id = try #require(first.subscriptionId)
            let offline = fixture.launch(configure: false)
            offline.unsubscribe()
            offline.login("queued_user")
            // The state file is damaged; its copy is not.
            try Data("{\"installationID\": tru".utf8).write(to: fixture.store.url)

            let next = fixture.launch()
            await next.waitUntilIdle()
            #expect(next.subscriptionId == id)
            #expect(next.status == .unsubscribed)
            #expect(fixture.simulator.subscription(id)?.subscribed == false)
            #expect(fixture.simulator.subscription(id)?.externalID == "queued_user")
            #expect(fixture.log.value.contains { $0.contains("recovered the state from its last good copy") })
        }
    }

    @Test func withBothCopiesDamagedTheInstallationAndItsOptOutAreSalvaged() async throws {
        try await withFixture { fixture in
            let first = fixture.launch()
            first.didRegister(deviceToken: .token(0x42))
            try await first.unsubscribeAndWait()
            let saved = try String(contentsOf: fixture.store.url, encoding: .utf8)
            let cut = Data(saved.utf8.prefix(saved.utf8.count - 3))
            try cut.write(to: fixture.store.url)
            try cut.write(to: fixture.store.lastGoodURL)

            let next = fixture.launch()
            next.didRegister(deviceToken: .token(0x42))
            await next.waitUntilIdle()
            #expect(fixture.simulator.subscriptions.count == 1)
            #expect(next.status == .unsubscribed)
            #expect(fixture.log.value.contains { $0.contains("kept installation") })
        }
    }

    @Test func theStateFileIsOwnerOnlyAndNeverInATemporaryFolder() async throws {
        try await withFixture { fixture in
            let sdk = fixture.launch()
            sdk.login("u")
            await sdk.waitUntilIdle()
            for url in [fixture.store.url, fixture.store.lastGoodURL] {
                let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
                #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
            }
            let standard = FileInstallationStore.standard.url.standardizedFileURL.path
            #expect(!standard.hasPrefix(FileManager.default.temporaryDirectory.standardizedFileURL.path))
            #expect(standard.hasSuffix("OpenNotification/installation.json"))
        }
    }

    @Test func aNewFolderForTheStateIsOwnerOnly() async throws {
        try await withFixture { fixture in
            let store = FileInstallationStore(url: fixture.folder.appendingPathComponent("sub/state.json"))
            try store.save(Data("{}".utf8))
            let attributes = try FileManager.default.attributesOfItem(
                atPath: fixture.folder.appendingPathComponent("sub").path)
            #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o700)
        }
    }
}
