// The backend's side: a Linux service sends with the server API key by external id and by tag, the
// devices' extensions and taps report back, and the service reads the counts.
import ExampleNarration
import Foundation
import OpenNotification
import OpenNotificationBackend
import OpenNotificationMock
import SpecsmithMock

/// The backend example: two devices, two campaigns, the counts.
public enum BackendExample {
    public static func run(_ run: ExampleRun) async throws {
        step("Two users' phones register: Ayşe on the gold plan, Mehmet on the free plan")
        let ayse = run.launch(device: "ayse", token: Data(repeating: 0xa5, count: 32))
        let mehmet = run.launch(device: "mehmet", token: Data(repeating: 0x3e, count: 32))
        // snippet: register-users
        for (phone, user, plan) in [(ayse, "user_ayse", "gold"), (mehmet, "user_mehmet", "free")] {
            _ = await phone.requestPermission()
            try await phone.loginAndWait(user)
            try await phone.setTagsAndWait(["plan": .string(plan)])
        }
        // snippet: end
        let ayseID = try AppExample.subscriptionID(of: ayse)
        let mehmetID = try AppExample.subscriptionID(of: mehmet)

        step("Send to an external id: POST /v1/notifications with target.externalIds")
        let backend = run.backend
        // snippet: send-external
        let personal = try await backend.sendNotification(
            .init(
                target: .init(externalIDs: ["user_ayse"]), title: "Siparişiniz yolda",
                body: "Kargonuz bugün teslim edilecek.", url: "shop://orders/42",
                actions: [.init(id: "track", title: "Takip et", url: "shop://orders/42/track")]))
        // snippet: end
        say("campaign \(personal.campaignID), targeted \(personal.targeted)")
        try expect(personal.targeted == 1, "one subscription for user_ayse")

        step("Send to a tag: plan = gold")
        // snippet: send-tag
        let offer = try await backend.sendNotification(
            .init(
                target: .init(tags: [.init(key: "plan", relation: .equals, value: "gold")]), title: "Altın üyelere",
                body: "Size özel fırsat", image: run.mock.baseURL.absoluteString + "/images/offer.png"))
        // snippet: end
        say("campaign \(offer.campaignID), targeted \(offer.targeted)")
        try expect(offer.targeted == 1, "only the gold plan")

        step("On Ayşe's phone the notification service extension reports delivered and fetches the image")
        // snippet: service-extension
        let extensionInfo: [String: Any] = ["OpenNotificationApiUrl": run.mock.baseURL.absoluteString]
        for campaign in [personal.campaignID, offer.campaignID] {
            let push = try run.push(campaignID: campaign, to: ayseID)
            let handler = NotificationServiceHandler(
                apiURL: NotificationServiceHandler.apiURL(infoDictionary: extensionInfo),
                attachmentDirectory: run.folder)
            let content = await handler.process(userInfo: push.userInfo)
            say(
                "\(content.title): delivered reported \(content.deliveredReported), category \(content.categoryIdentifier ?? "none"), image \(content.attachmentURL?.lastPathComponent ?? "none")"
            )
        }
        // snippet: end

        step("Ayşe taps the order's button, then opens the offer")
        let order = try run.push(campaignID: personal.campaignID, to: ayseID)
        ayse.didReceive(response: NotificationResponse(userInfo: order.userInfo, actionIdentifier: "track"))
        let offerPush = try run.push(campaignID: offer.campaignID, to: ayseID)
        ayse.didReceive(response: NotificationResponse(userInfo: offerPush.userInfo))
        await ayse.waitUntilIdle()

        step("The backend reads the counts")
        // snippet: stats
        for campaign in [personal.campaignID, offer.campaignID] {
            let stats = try await backend.campaignStats(campaignID: campaign)
            say(
                "\(campaign): targeted \(stats.targeted), delivered \(stats.delivered), opened \(stats.opened), clicked \(stats.clicked) \(stats.clicksByAction)"
            )
        }
        // snippet: end
        let first = try await backend.campaignStats(campaignID: personal.campaignID)
        let second = try await backend.campaignStats(campaignID: offer.campaignID)
        try expect(first.delivered == 1 && first.clicked == 1 && first.opened == 0, "the order: delivered and clicked")
        try expect(second.delivered == 1 && second.opened == 1, "the offer: delivered and opened")
        try expect(run.mock.simulator.deliveries(to: mehmetID).isEmpty, "nothing for Mehmet")

        step("The app key cannot send")
        // snippet: app-key-refused
        // An app's `OpenNotification.Client` has no `sendNotification` at all: it is a backendOnly
        // endpoint, in OpenNotificationBackend. A backend client holding the app key is refused.
        let misused = OpenNotification.BackendClient(
            environment: .custom(run.mock.baseURL), serverKey: OpenNotificationTestData.appKey)
        func refusal() async -> OpenNotification.Failure? {
            do {
                _ = try await misused.sendNotification(
                    .init(target: .init(externalIDs: ["user_ayse"]), title: "x", body: "y"))
                return nil
            } catch {
                return error
            }
        }
        guard let failure = await refusal() else { throw ExampleError("an app key sent a notification") }
        say("refused: \(failure.message)")
        // snippet: end

        step("Mehmet's phone has no network when his push arrives: the report waits in the App Group")
        let weekly = try await backend.sendNotification(
            .init(target: .init(externalIDs: ["user_mehmet"]), title: "Haftanın özeti", body: "Yeni ürünler geldi"))
        let push = try run.push(campaignID: weekly.campaignID, to: mehmetID)
        // The extension's one try finds no network: the mock resets the connection.
        try run.mock.service.inject(MockFault(operation: "reportDelivered", kind: .reset, times: 1))
        // snippet: app-group
        // App and extension name the same App Group (OpenNotificationAppGroup in both Info.plists); on
        // a device SharedDeliveredReports.appGroup() finds its container, here a folder stands in.
        let group = SharedDeliveredReports(directory: run.folder.appendingPathComponent("group.com.acme.shop"))
        let handler = NotificationServiceHandler(
            apiURL: run.mock.baseURL, attachmentDirectory: run.folder, sharedReports: group)
        let content = await handler.process(userInfo: push.userInfo)
        say("extension: delivered reported \(content.deliveredReported), kept for the app")
        // Mehmet opens the app later: configure queues the kept report and sends it, once.
        let mehmetAgain = run.launch(device: "mehmet", token: Data(repeating: 0x3e, count: 32), sharedReports: group)
        await mehmetAgain.waitUntilIdle()
        let weeklyStats = try await backend.campaignStats(campaignID: weekly.campaignID)
        say("\(weekly.campaignID): delivered \(weeklyStats.delivered)")
        // snippet: end
        try expect(!content.deliveredReported, "the extension could not send")
        try expect(weeklyStats.delivered == 1, "the app sent the extension's report, once")
    }
}
