// Hand-written: the mock as a test suite uses it — one call to start it on loopback, one to stop.
import Foundation
import OpenNotificationCore
import SpecsmithMock

/// The OpenNotification mock on loopback: the generated routes, the simulator behind them, the
/// journal and fault injection of `MockService`, the recorded APNs payloads at `/apns/<msgId>`, and
/// test images at `/images/` for the notification service extension. The API answers at its
/// `baseURL`: `configure(endpoint: mock.baseURL.absoluteString, …)`.
public typealias OpenNotificationMockServer = SimulatedMock<OpenNotificationSimulator>

extension SimulatedMock where Simulator == OpenNotificationSimulator {
    /// Starts a mock on `127.0.0.1:port` (0 for a free port) whose clock is `now`.
    public static func start(port: UInt16 = 0, now: @escaping @Sendable () -> Date = { Date() }) async throws
        -> OpenNotificationMockServer
    {
        try await start(port: port, making: { _ in makeService(now: now) })
    }

    /// The service and its simulator; also what the standalone `opennotification-mock` serves.
    public static func makeService(now: @escaping @Sendable () -> Date = { Date() }) -> (
        MockService, OpenNotificationSimulator
    ) {
        let simulator = OpenNotificationSimulator(now: now)
        let service = MockService(
            router: simulator.router,
            pages: [
                MockPage(pathPrefix: "/apns/") { request in simulator.apnsFile(request) },
                MockPage(pathPrefix: "/images/") { request in TestImages.response(for: request.path) },
            ],
            onReset: { simulator.reset() })
        return (service, simulator)
    }
}

extension OpenNotificationSimulator {
    /// `GET /apns/<msgId>`: the message's payload as a `.apns` file (`?bundle=` sets the target app).
    /// `GET /apns/?campaignId=<id>`: every message of a campaign, `{msgId, subscriptionId, payload}`.
    func apnsFile(_ request: MockRequest) -> MockResponse {
        let msgID = String(request.path.dropFirst("/apns/".count))
        if request.method == "GET", msgID.isEmpty, let campaignID = request.query["campaignId"] {
            return listing(deliveries(campaignID: campaignID))
        }
        guard request.method == "GET", let delivery = delivery(msgID: msgID) else {
            return MockResponse(
                status: 404, headers: ["Content-Type": "text/plain"], body: Data("no such message\n".utf8))
        }
        let body = delivery.simctlFile(bundleID: request.query["bundle"] ?? "com.example.app")
        return MockResponse(status: 200, headers: ["Content-Type": "application/json"], body: body)
    }

    private func listing(_ deliveries: [APNsDelivery]) -> MockResponse {
        let entries = deliveries.map { delivery -> [String: Any] in
            let payload = (try? JSONSerialization.jsonObject(with: delivery.payload)) ?? [:]
            return ["msgId": delivery.msgID, "subscriptionId": delivery.subscriptionID, "payload": payload]
        }
        let body = (try? JSONSerialization.data(withJSONObject: entries, options: [.sortedKeys])) ?? Data("[]".utf8)
        return MockResponse(status: 200, headers: ["Content-Type": "application/json"], body: body)
    }
}

/// Images for the extension's attachment step: `/images/<name>.png` is a 1×1 PNG, `/images/missing…` a 404.
enum TestImages {
    static let png = Data(
        base64Encoded:
            "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==")!

    static func response(for path: String) -> MockResponse {
        guard path.hasSuffix(".png"), !path.hasPrefix("/images/missing") else {
            return MockResponse(
                status: 404, headers: ["Content-Type": "text/plain"], body: Data("no such image\n".utf8))
        }
        return MockResponse(status: 200, headers: ["Content-Type": "image/png"], body: png)
    }
}
