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

    /// Many installations, so many layouts: the key order of an unsorted save follows the hash seed
    /// and the heap, and the id would sit past the cut in about half of them.
    @Test func aStateFileCutToItsFirstHalfStillKeepsTheInstallationAndItsOptOut() async throws {
        try await withFixture { fixture in
            var launches: [OpenNotification.Installation] = []
            for index in 0..<24 {
                let store = FileInstallationStore(url: fixture.folder.appendingPathComponent("state-\(index).json"))
                let sdk = fixture.launch(configure: false, store: store)
                launches.append(sdk)
                sdk.unsubscribe()
                sdk.login("user_\(index)")
                sdk.setTags(["plan": "platinum", "streak": 42])
                let saved = try #require(try store.load())
                let object = try #require(try JSONSerialization.jsonObject(with: saved) as? [String: Any])
                let id = try #require(object["installationID"] as? String)
                let cut = saved.prefix(saved.count / 2)
                try cut.write(to: store.url)
                try cut.write(to: store.lastGoodURL)

                let before = fixture.log.value.count
                _ = fixture.launch(configure: false, store: store)
                let lines = fixture.log.value.dropFirst(before)
                #expect(lines.contains { $0.contains("kept installation \(id) (opted out: true)") }, "layout \(index)")
            }
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
