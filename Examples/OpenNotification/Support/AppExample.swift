// The app's side, as the manual's AppDelegate wires it: configure, identity before the token,
// registration, a push in the foreground, a tap, a button, a cold start and a silent push.
import ExampleNarration
import Foundation
import OpenNotification
import OpenNotificationBackend
import OpenNotificationMock

/// The app example: one simulated iPhone through the manual's flows.
public enum AppExample {
    static let token = Data((0..<32).map { UInt8($0) })

    public static func run(_ run: ExampleRun) async throws {
        step("Launch: configure, then login and tags before APNs has given a token")
        let lifecycle = ManualLifecycle()
        let app = run.launch(device: "iphone", token: token, lifecycle: lifecycle)
        // snippet: identity-before-token
        app.login("user_123") { error in say("login sent: \(error == nil ? "ok" : "\(error!)")") }
        app.setTags(["plan": "platinum", "streak": 42]) { error in say("setTags sent: \(error == nil)") }
        app.setLanguage("tr", completion: nil)
        // snippet: end
        await app.waitUntilIdle()
        say("status: \(app.status) — the calls wait on disk for the registration")
        try expect(run.mock.simulator.subscriptions.isEmpty, "nothing reaches the server before the token")

        step("The user allows notifications; the token reaches didRegister(deviceToken:)")
        // snippet: permission
        let granted = await app.requestPermission()
        await app.waitUntilIdle()
        // snippet: end
        let id = try subscriptionID(of: app)
        let subscription = run.mock.simulator.subscription(id)
        say("granted: \(granted), subscriptionId: \(id)")
        say(
            "server: externalId \(subscription?.externalID ?? "-"), tags \(subscription?.tags ?? [:]), language \(subscription?.language ?? "-")"
        )
        try expect(
            subscription?.externalID == "user_123" && subscription?.language == "tr", "identity and language sent")

        step("The app becomes active: a session ping")
        // snippet: session
        lifecycle.becomeActive()
        await app.waitUntilIdle()
        say("sessionCount: \(run.mock.simulator.subscription(id)?.sessionCount ?? 0)")
        // snippet: end

        step("The backend sends to user_123, with two buttons")
        // snippet: send-with-buttons
        let sale = try await run.backend.sendNotification(
            .init(
                target: .init(externalIDs: ["user_123"]), title: "Kampanya", body: "Bugün %50 indirim",
                url: "shop://sale", actions: [.init(id: "buy", title: "Satın al"), .init(id: "later", title: "Sonra")],
                data: ["sku": "42"]))
        // snippet: end
        let push = try run.push(campaignID: sale.campaignID, to: id)
        say("APNs payload: \(String(decoding: push.payload, as: UTF8.self))")

        step("It arrives in the foreground: willPresent hands it to onReceive")
        // snippet: foreground
        app.onReceive = { message in say("onReceive: \(message.title) — \(message.body)") }
        app.willPresent(notification: ReceivedNotification(userInfo: push.userInfo))
        // snippet: end

        step("The user taps a button: clicked is queued, then onOpen runs")
        // snippet: open
        app.onOpen = { message in
            say("onOpen: \(message.url ?? "-"), actionId \(message.actionId ?? "none"), data \(message.data)")
        }
        app.didReceive(response: NotificationResponse(userInfo: push.userInfo, actionIdentifier: "buy"))
        app.didReceive(response: NotificationResponse(userInfo: push.userInfo, actionIdentifier: "buy"))
        // snippet: end
        await app.waitUntilIdle()
        say("a double tap reaches onOpen once, on the main actor")

        step("Cold start: a tap launches the app; iOS hands it over twice, onOpen gets it once")
        let news = try await run.backend.sendNotification(
            .init(target: .init(subscriptionIDs: [id]), title: "Haber", body: "Yeni ürünler", url: "shop://new"))
        let newsPush = try run.push(campaignID: news.campaignID, to: id)
        // snippet: cold-start
        let relaunched = run.launch(device: "iphone", token: token)
        relaunched.handleLaunch(userInfo: newsPush.userInfo)
        relaunched.didReceive(response: NotificationResponse(userInfo: newsPush.userInfo))
        relaunched.onOpen = { message in say("onOpen after the cold start: \(message.title) → \(message.url ?? "-")") }
        await relaunched.waitUntilIdle()
        // snippet: end

        step("A silent push: delivered is reported, onReceive gets the data; no open, no session")
        let sync = try await run.backend.sendNotification(
            .init(target: .init(subscriptionIDs: [id]), data: ["sync": "inbox"], silent: true))
        let silentPush = try run.push(campaignID: sync.campaignID, to: id)
        // snippet: silent
        relaunched.onReceive = { message in
            if message.silent { say("silent push, data \(message.data)") }
        }
        try await relaunched.didReceiveBackgroundAndWait(userInfo: silentPush.userInfo)
        // snippet: end

        let counts = try await run.backend.campaignStats(campaignID: sale.campaignID)
        say("campaign \(sale.campaignID): clicked \(counts.clicked) \(counts.clicksByAction)")
        try expect(counts.clicked == 1 && counts.clicksByAction == ["buy": 1], "one click, reported once")
        let silentCounts = try await run.backend.campaignStats(campaignID: sync.campaignID)
        try expect(silentCounts.delivered == 1 && silentCounts.opened == 0, "the silent push: delivered, not opened")
        try expect(run.mock.simulator.subscription(id)?.sessionCount == 1, "no session from the silent push")
    }

    static func subscriptionID(of app: OpenNotification.Installation) throws -> String {
        guard let id = app.subscriptionId else { throw ExampleError("the device did not subscribe: \(app.status)") }
        return id
    }
}
