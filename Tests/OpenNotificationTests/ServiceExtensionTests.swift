import Foundation
import OpenNotification
import OpenNotificationBackend
import OpenNotificationMock
import SpecsmithRuntime
import SpecsmithTesting
import Testing

/// A server that hangs: no answer until the request is cancelled.
struct HangingTransport: HTTPTransport {
    func send(_ request: TransportRequest) async throws(TransportFailure) -> TransportResponse {
        try? await Task.sleep(nanoseconds: 3_600_000_000_000)
        throw TransportFailure(.cancelled, detail: "cancelled")
    }
}

/// The notification service extension's logic: delivered, image, category, deadline.
@Suite struct ServiceExtensionTests {
    func payload(_ fixture: Fixture, image: String?) async throws -> APNsDelivery {
        let sdk = fixture.launch()
        sdk.didRegister(deviceToken: .token(0xb1))
        try await sdk.loginAndWait("u")
        let result = try await fixture.backend.sendNotification(
            .init(
                target: .init(externalIDs: ["u"]), title: "New", body: "Look", image: image,
                actions: [.init(id: "see", title: "See")]))
        return try #require(fixture.simulator.deliveries(campaignID: result.campaignID).first)
    }

    @Test func reportsDeliveredAttachesTheImageAndNamesTheCategory() async throws {
        try await withFixture { fixture in
            let delivery = try await payload(fixture, image: fixture.mock.baseURL.absoluteString + "/images/banner.png")
            let handler = NotificationServiceHandler(
                apiURL: fixture.mock.baseURL, transport: URLSessionHTTPTransport(), attachmentDirectory: fixture.folder)
            let content = await handler.process(userInfo: delivery.userInfo)
            #expect(content.title == "New")
            #expect(content.body == "Look")
            #expect(content.categoryIdentifier == "on_\(delivery.campaignID)")
            #expect(content.actions == [NotificationAction(id: "see", title: "See")])
            #expect(content.deliveredReported)
            let file = try #require(content.attachmentURL)
            #expect(file.pathExtension == "png")
            #expect(try Data(contentsOf: file).prefix(4) == Data([0x89, 0x50, 0x4e, 0x47]))
            #expect(try await fixture.backend.campaignStats(campaignID: delivery.campaignID).delivered == 1)
        }
    }

    @Test(arguments: ["/images/missing.png", "not a url", "ftp://example.com/a.png"])
    func aBadImageFallsBackToText(image: String) async throws {
        try await withFixture { fixture in
            let address = image.hasPrefix("/") ? fixture.mock.baseURL.absoluteString + image : image
            let delivery = try await payload(fixture, image: address)
            let handler = NotificationServiceHandler(apiURL: fixture.mock.baseURL, attachmentDirectory: fixture.folder)
            let content = await handler.process(userInfo: delivery.userInfo)
            #expect(content.attachmentURL == nil)
            #expect(content.body == "Look")
            #expect(content.deliveredReported)
        }
    }

    @Test func aHangingServerIsCutOffByTheDeliveredTimeout() async throws {
        let handler = NotificationServiceHandler(
            apiURL: URL(string: "http://127.0.0.1:9"), transport: HangingTransport(), deliveredTimeout: 0.05,
            imageTimeout: 0.05)
        let userInfo: [AnyHashable: Any] = [
            "aps": ["alert": ["title": "T", "body": "B"]], "on": ["i": "m", "img": "http://127.0.0.1:9/a.png"],
        ]
        let content = await handler.process(userInfo: userInfo)
        #expect(content == NotificationServiceContent(title: "T", body: "B"))
    }

    @Test func whenTimeRunsOutTheBestContentSoFarIsHandedBackOnce() async throws {
        let handler = NotificationServiceHandler(
            apiURL: URL(string: "http://127.0.0.1:9"), transport: HangingTransport(), deliveredTimeout: 60,
            imageTimeout: 60)
        let results = Recorder<[NotificationServiceContent]>([])
        let userInfo: [AnyHashable: Any] = [
            "aps": ["alert": "B"],
            "on": ["i": "m", "c": "cmp-3", "a": [["i": "x", "t": "X"]], "img": "http://127.0.0.1:9/a.png"],
        ]
        handler.start(userInfo: userInfo) { content in results.update { $0.append(content) } }
        handler.timeWillExpire()
        handler.timeWillExpire()
        #expect(
            results.value == [
                NotificationServiceContent(
                    title: "", body: "B", categoryIdentifier: "on_cmp-3",
                    actions: [NotificationAction(id: "x", title: "X")])
            ])
    }

    @Test func theEndpointComesFromTheExtensionsInfoPlist() {
        #expect(
            NotificationServiceHandler.apiURL(infoDictionary: ["OpenNotificationApiUrl": "https://push.example.com"])
                == URL(string: "https://push.example.com"))
        #expect(
            NotificationServiceHandler.apiURL(infoDictionary: ["OpenNotificationApiUrl": "push.example.com"]) == nil)
        #expect(NotificationServiceHandler.apiURL(infoDictionary: [:]) == nil)
        #expect(NotificationServiceHandler.apiURL(infoDictionary: nil) == nil)
    }
}
