// The OpenNotification mock as a standalone process, for an app in a simulator or any HTTP client:
// `opennotification-mock --port 8080`, then `configure(endpoint: "http://127.0.0.1:8080", appKey: …)`.
// Recorded payloads are at `GET /apns/<msgId>?bundle=<bundle id>`, ready for `xcrun simctl push`.
import Foundation
import OpenNotificationMock
import SpecsmithMock

let status = await MockServerCommand.run(name: "opennotification-mock") { _ in
    OpenNotificationMockServer.makeService().0
}
exit(status)
