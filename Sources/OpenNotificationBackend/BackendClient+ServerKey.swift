// Hand-written: a backend's client from the manual's terms: an endpoint and the server API key (the
// generated backend client's `serverKey:`), so server code reads as sending with the server API key.
import Foundation
import OpenNotificationCore
import SpecsmithRuntime

extension OpenNotification.BackendClient {
    /// A client for a backend that sends notifications and reads their counts with the server API key.
    ///
    /// - Parameters:
    ///   - endpoint: The OpenNotification server, such as `https://push.example.com`.
    ///   - serverAPIKey: The server API key (`sk_live_…`); never ship it in an app.
    ///   - transport: How requests travel.
    public init(endpoint: URL, serverAPIKey: String, transport: any HTTPTransport = URLSessionHTTPTransport()) {
        self.init(environment: .custom(endpoint), transport: transport, serverKey: serverAPIKey)
    }
}
