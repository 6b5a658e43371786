import Foundation
import OpenNotification
import OpenNotificationBackend
import OpenNotificationMock
import SpecsmithRuntime
import Testing

/// The backend sender against the simulator: each kind of target, the exact APNs payload, the keys.
@Suite struct TargetingTests {
    /// Three installations: A (plan gold), B (plan free), C (no plan), all logged in.
    func population(_ fixture: Fixture) async throws -> [String] {
        var ids: [String] = []
        for (index, (user, plan)) in [("A", "gold"), ("B", "free"), ("C", nil)].enumerated() {
            let store = FileInstallationStore(url: fixture.folder.appendingPathComponent("\(user).json"))
            let sdk = fixture.launch(store: store)
            sdk.didRegister(deviceToken: .token(UInt8(0xc0 + index)))
            try await sdk.loginAndWait(user)
            if let plan { try await sdk.setTagsAndWait(["plan": .string(plan)]) }
            ids.append(try #require(sdk.subscriptionId))
        }
        return ids
    }

    func reached(_ fixture: Fixture, _ target: OpenNotification.Target) async throws -> [String] {
        let result = try await fixture.backend.sendNotification(.init(target: target, title: "T", body: "B"))
        let ids = fixture.simulator.deliveries(campaignID: result.campaignID).map(\.subscriptionID)
        #expect(result.targeted == ids.count)
        return ids
    }

    @Test func targetsByExternalIdTagAndSubscriptionId() async throws {
        try await withFixture { fixture in
            let ids = try await population(fixture)
            #expect(try await reached(fixture, .init(externalIDs: ["A", "C", "nobody"])) == [ids[0], ids[2]])
            #expect(
                try await reached(fixture, .init(tags: [.init(key: "plan", relation: .equals, value: "gold")])) == [
                    ids[0]
                ])
            #expect(
                try await reached(fixture, .init(tags: [.init(key: "plan", relation: .notEquals, value: "gold")]))
                    == [ids[1], ids[2]])
            #expect(try await reached(fixture, .init(subscriptionIDs: [ids[1]])) == [ids[1]])
        }
    }

    @Test func theRecordedPayloadIsExactlyWhatAPNsWouldGet() async throws {
        try await withFixture { fixture in
            let ids = try await population(fixture)
            let result = try await fixture.backend.sendNotification(
                .init(
                    target: .init(subscriptionIDs: [ids[0]]), title: "Sale", body: "Half price",
                    image: "https://cdn.example.com/a.png", url: "shop://sale",
                    actions: [.init(id: "buy", title: "Buy", url: "shop://buy")], data: ["sku": "42"]))
            let delivery = try #require(fixture.simulator.deliveries(campaignID: result.campaignID).first)
            let text = String(decoding: delivery.payload, as: UTF8.self)
            let c = result.campaignID
            let m = delivery.msgID
            #expect(
                text
                    == #"{"aps":{"alert":{"body":"Half price","title":"Sale"},"category":"on_\#(c)","mutable-content":1,"sound":"default"},"on":{"a":[{"i":"buy","t":"Buy","u":"shop:\/\/buy"}],"c":"\#(c)","d":{"sku":"42"},"i":"\#(m)","img":"https:\/\/cdn.example.com\/a.png","u":"shop:\/\/sale"}}"#
            )
            #expect(delivery.token == .tokenHex(0xc0))

            // The same payload as a .apns file for `xcrun simctl push`, from the simulator and over HTTP.
            let file = fixture.folder.appendingPathComponent("push.apns")
            try delivery.writeSimctlFile(to: file, bundleID: "com.acme.shop")
            let written = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
            #expect(written["Simulator Target Bundle"] as? String == "com.acme.shop")
            #expect((written["aps"] as? [String: Any])?["mutable-content"] as? Int == 1)
            let url = try #require(URL(string: "\(fixture.mock.baseURL.absoluteString)/apns/\(m)?bundle=com.acme.shop"))
            let response = try await URLSessionHTTPTransport().send(TransportRequest(method: "GET", url: url))
            #expect(response.status == 200)
            #expect(response.body == delivery.simctlFile(bundleID: "com.acme.shop"))
            let listURL = try #require(URL(string: "\(fixture.mock.baseURL.absoluteString)/apns/?campaignId=\(c)"))
            let list = try await URLSessionHTTPTransport().send(TransportRequest(method: "GET", url: listURL))
            let entries = try #require(try JSONSerialization.jsonObject(with: list.body) as? [[String: Any]])
            #expect(entries.map { $0["msgId"] as? String } == [m])
            #expect(entries.first?["subscriptionId"] as? String == ids[0])
        }
    }

    @Test func theCampaignKeepsItsTarget() async throws {
        try await withFixture { fixture in
            let target = OpenNotification.Target(tags: [.init(key: "plan", relation: .notEquals, value: "free")])
            let result = try await fixture.backend.sendNotification(.init(target: target, title: "T", body: "B"))
            let stats = try await fixture.backend.campaignStats(campaignID: result.campaignID)
            #expect(stats.target == target)
            #expect(stats.targeted == 0)
        }
    }

    @Test func aSilentPushHasContentAvailableAndNoAlert() async throws {
        try await withFixture { fixture in
            let ids = try await population(fixture)
            let result = try await fixture.backend.sendNotification(
                .init(target: .init(subscriptionIDs: [ids[2]]), data: ["sync": "1"], silent: true))
            let delivery = try #require(fixture.simulator.deliveries(campaignID: result.campaignID).first)
            let aps = try #require(delivery.userInfo["aps"] as? [String: Any])
            #expect(aps["content-available"] as? Int == 1)
            #expect(aps["alert"] == nil)
            #expect(OpenNotificationMessage(userInfo: delivery.userInfo).silent)
        }
    }

    @Test func badTargetsContentAndTheAppKeyAreRefusedWithTheirCodes() async throws {
        try await withFixture { fixture in
            let backend = fixture.backend
            func code(
                _ request: OpenNotification.NotificationRequest, client: OpenNotification.BackendClient? = nil
            ) async
                -> OpenNotification.Failure.Kind?
            {
                do {
                    _ = try await (client ?? backend).sendNotification(request)
                    return nil
                } catch {
                    return error.kind
                }
            }
            #expect(await code(.init(target: .init(), title: "T", body: "B")) == .server(code: 423))
            #expect(
                await code(.init(target: .init(externalIDs: ["a"], subscriptionIDs: ["b"]), title: "T", body: "B"))
                    == .server(code: 423))
            #expect(await code(.init(target: .init(externalIDs: ["a"]), title: "T")) == .server(code: 424))
            let five = (1...5).map { OpenNotification.Action(id: "a\($0)", title: "A") }
            #expect(
                await code(.init(target: .init(externalIDs: ["a"]), title: "T", body: "B", actions: five))
                    == .server(code: 424))
            let long = String(repeating: "x", count: 4000)
            #expect(
                await code(.init(target: .init(externalIDs: ["a"]), title: "T", body: "B", data: ["k": long]))
                    == .server(code: 424))
            // The app key cannot send: the app's client has no sendNotification at all (it is a
            // backendOnly endpoint), a backend client without a key has nothing to send in the server
            // key's header, and one that puts the app key there is refused by the server.
            let keyless = OpenNotification.BackendClient(environment: .custom(fixture.mock.baseURL))
            #expect(
                await code(.init(target: .init(externalIDs: ["a"]), title: "T", body: "B"), client: keyless)
                    == .invalidRequest)
            let misused = OpenNotification.BackendClient(
                environment: .custom(fixture.mock.baseURL), serverKey: OpenNotificationTestData.appKey)
            #expect(
                await code(.init(target: .init(externalIDs: ["a"]), title: "T", body: "B"), client: misused)
                    == .session)
            #expect(fixture.simulator.subscriptions.isEmpty)
        }
    }
}
