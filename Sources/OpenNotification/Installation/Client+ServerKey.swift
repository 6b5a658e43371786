// Hand-written: the spec's two keys are both "app keys" to the generated client; this names the
// backend's one for what it is, so server code reads as sending with the server API key.
import Foundation
import SpecsmithRuntime

extension OpenNotification.Client {
    /// A client for a backend that sends notifications and reads their counts with the server API key.
    ///
    /// - Parameters:
    ///   - endpoint: The OpenNotification server, such as `https://push.example.com`.
    ///   - serverAPIKey: The server API key (`sk_live_…`); never ship it in an app.
    ///   - transport: How requests travel.
    public init(endpoint: URL, serverAPIKey: String, transport: any HTTPTransport = URLSessionTransport()) {
        self.init(environment: .custom(endpoint), transport: transport, appKey: serverAPIKey)
    }
}
