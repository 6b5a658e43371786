import Foundation
import OpenNotification
import OpenNotificationBackend
import OpenNotificationMock
import SpecsmithMock
import SpecsmithRuntime
import SpecsmithTesting
import Testing

/// A delivered report the notification service extension could not send reaches the server through
/// the app, once: the two share it in the App Group container.
@Suite struct ExtensionHandOffTests {
    /// A notification to one registered user, as APNs hands it to the extension.
    func delivery(_ fixture: Fixture) async throws -> APNsDelivery {
        let sdk = fixture.launch()
        sdk.didRegister(deviceToken: .token(0xe1))
        try await sdk.loginAndWait("u")
        let result = try await fixture.backend.sendNotification(
            .init(target: .init(externalIDs: ["u"]), title: "New", body: "Look"))
        return try #require(fixture.simulator.deliveries(campaignID: result.campaignID).first)
    }

    /// The extension's run for `delivery`, with the App Group folder when `shared` is true.
    func runExtension(_ fixture: Fixture, _ delivery: APNsDelivery, shared: Bool = true) async
        -> NotificationServiceContent
    {
        let handler = NotificationServiceHandler(
            apiURL: fixture.mock.baseURL, attachmentDirectory: fixture.folder,
            sharedReports: shared ? fixture.sharedReports : nil)
        return await handler.process(userInfo: delivery.userInfo)
    }

    /// The statuses the mock answered the delivered reports of `msgID` with, in order.
    func deliveredAnswers(_ fixture: Fixture, _ msgID: String) -> [Int] {
        fixture.mock.service.journal.filter { $0.method == "POST" && $0.path == "/v1/e/d/\(msgID)" }.map(\.status)
    }

    func kept(_ fixture: Fixture) -> [String] {
        fixture.sharedReports.pending().reports.map(\.msgID)
    }

    @Test func aReportTheExtensionCouldNotSendIsSentOnceByTheAppsNextLaunch() async throws {
        try await withFixture { fixture in
            let delivery = try await delivery(fixture)
            try fixture.mock.service.inject(MockFault(operation: "reportDelivered", kind: .reset, times: 1))
            let content = await runExtension(fixture, delivery)
            #expect(!content.deliveredReported)
            #expect(kept(fixture) == [delivery.msgID])
            #expect(try await fixture.backend.campaignStats(campaignID: delivery.campaignID).delivered == 0)

            let app = fixture.launch(sharedReports: fixture.sharedReports)
            await app.waitUntilIdle()
            #expect(kept(fixture) == [])
            #expect(deliveredAnswers(fixture, delivery.msgID).filter { $0 == 200 }.count == 1)
            #expect(try await fixture.backend.campaignStats(campaignID: delivery.campaignID).delivered == 1)
            #expect(
                fixture.log.value.contains(
                    "1 delivered report(s) the notification service extension could not send are queued"))

            // Later launches find nothing more to send.
            let next = fixture.launch(sharedReports: fixture.sharedReports)
            await next.waitUntilIdle()
            #expect(deliveredAnswers(fixture, delivery.msgID).filter { $0 == 200 }.count == 1)
        }
    }

    @Test func aServer5xxIsKeptForTheAppLikeNoAnswer() async throws {
        try await withFixture { fixture in
            let delivery = try await delivery(fixture)
            try fixture.mock.service.inject(
                .error(MockFailure(status: 503, code: 503, message: "down"), operation: "reportDelivered", times: 1))
            _ = await runExtension(fixture, delivery)
            #expect(kept(fixture) == [delivery.msgID])
            let app = fixture.launch(sharedReports: fixture.sharedReports)
            await app.waitUntilIdle()
            #expect(deliveredAnswers(fixture, delivery.msgID) == [503, 200])
            #expect(kept(fixture) == [])
        }
    }

    @Test func anAnswerLostAfterTheServerCountedItIsNotCountedTwice() async throws {
        try await withFixture { fixture in
            let delivery = try await delivery(fixture)
            try fixture.mock.service.inject(MockFault(operation: "reportDelivered", kind: .lostAnswer, times: 1))
            let content = await runExtension(fixture, delivery)
            #expect(!content.deliveredReported)
            #expect(kept(fixture) == [delivery.msgID])
            #expect(try await fixture.backend.campaignStats(campaignID: delivery.campaignID).delivered == 1)

            let app = fixture.launch(sharedReports: fixture.sharedReports)
            await app.waitUntilIdle()
            #expect(kept(fixture) == [])
            #expect(try await fixture.backend.campaignStats(campaignID: delivery.campaignID).delivered == 1)
        }
    }

    @Test func aReportTheAppTookOverButCouldNotClearIsNotSentAgain() async throws {
        try await withFixture { fixture in
            let delivery = try await delivery(fixture)
            try fixture.sharedReports.add(msgID: delivery.msgID)
            let app = fixture.launch(sharedReports: fixture.sharedReports)
            await app.waitUntilIdle()
            // As if the app had been killed between saving its queue and clearing the shared file.
            try fixture.sharedReports.add(msgID: delivery.msgID)
            let next = fixture.launch(sharedReports: fixture.sharedReports)
            await next.waitUntilIdle()
            #expect(deliveredAnswers(fixture, delivery.msgID) == [200])
            #expect(kept(fixture) == [])
        }
    }

    @Test func aReportTheServerRefusedForGoodIsNotKept() async throws {
        try await withFixture { fixture in
            let delivery = try await delivery(fixture)
            try fixture.mock.service.inject(
                .error(MockFailure(status: 404, code: 404, message: "gone"), operation: "reportDelivered", times: 1))
            let content = await runExtension(fixture, delivery)
            #expect(!content.deliveredReported)
            #expect(kept(fixture) == [])
        }
    }

    @Test func aReportStillOnTheWireWhenTimeRunsOutIsKeptBeforeTheContentIsHandedBack() async throws {
        try await withFixture { fixture in
            let handler = NotificationServiceHandler(
                apiURL: fixture.mock.baseURL, transport: HangingTransport(), deliveredTimeout: 60, imageTimeout: 60,
                sharedReports: fixture.sharedReports)
            let keptWhenHandedBack = Recorder<[[String]]>([])
            handler.start(userInfo: ["aps": ["alert": "B"], "on": ["i": "msg-late"]]) { _ in
                keptWhenHandedBack.update { $0.append(kept(fixture)) }
            }
            handler.timeWillExpire()
            handler.timeWillExpire()
            #expect(keptWhenHandedBack.value == [["msg-late"]])
        }
    }

    @Test func anExtensionWithoutAnEndpointLeavesTheReportToTheApp() async throws {
        try await withFixture { fixture in
            let delivery = try await delivery(fixture)
            let handler = NotificationServiceHandler(
                apiURL: nil, attachmentDirectory: fixture.folder, sharedReports: fixture.sharedReports)
            _ = await handler.process(userInfo: delivery.userInfo)
            #expect(kept(fixture) == [delivery.msgID])
            #expect(deliveredAnswers(fixture, delivery.msgID) == [])
        }
    }

    @Test func withoutAnAppGroupTheReportIsDroppedAndNothingIsWritten() async throws {
        try await withFixture { fixture in
            let delivery = try await delivery(fixture)
            let before = try FileManager.default.contentsOfDirectory(atPath: fixture.folder.path).sorted()
            try fixture.mock.service.inject(MockFault(operation: "reportDelivered", kind: .reset, times: 1))
            let content = await runExtension(fixture, delivery, shared: false)
            #expect(!content.deliveredReported)
            #expect(try FileManager.default.contentsOfDirectory(atPath: fixture.folder.path).sorted() == before)

            let app = fixture.launch(sharedReports: nil)
            await app.waitUntilIdle()
            #expect(deliveredAnswers(fixture, delivery.msgID).filter { $0 == 200 }.isEmpty)
            #expect(try await fixture.backend.campaignStats(campaignID: delivery.campaignID).delivered == 0)
        }
    }

    @Test func aDamagedSharedFileIsLoggedAndTheNextKeptReportIsSentWhenTheAppBecomesActive() async throws {
        try await withFixture { fixture in
            let delivery = try await delivery(fixture)
            let file = fixture.sharedReports.directory.appendingPathComponent("OpenNotification/delivered-reports.json")
            try FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(#"{"reports":[{"msgId":"#.utf8).write(to: file)
            let lifecycle = ManualLifecycle()
            let app = fixture.launch(lifecycle: lifecycle, sharedReports: fixture.sharedReports)
            await app.waitUntilIdle()
            #expect(fixture.log.value.contains { $0.hasPrefix("the shared delivered reports could not be read") })

            // The app is in the background when the next push comes and the extension cannot send.
            try fixture.mock.service.inject(MockFault(operation: "reportDelivered", kind: .reset, times: 1))
            _ = await runExtension(fixture, delivery)
            #expect(kept(fixture) == [delivery.msgID])
            lifecycle.becomeActive()
            await app.waitUntilIdle()
            #expect(kept(fixture) == [])
            #expect(try await fixture.backend.campaignStats(campaignID: delivery.campaignID).delivered == 1)
        }
    }
}
