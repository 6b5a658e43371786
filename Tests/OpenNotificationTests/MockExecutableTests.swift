import Foundation
import OpenNotification
@_spi(Generated) import OpenNotificationMock
@_spi(Generated) import SpecsmithMock
import SpecsmithTesting
import Testing

/// The standalone `opennotification-mock`: serves on the port it reports and stops on SIGTERM.
@Suite struct MockExecutableTests {
    @Test func servesTheAPIAndStopsOnSIGTERM() async throws {
        try await withStandaloneMock("opennotification-mock") { process, first in
            #expect(first.hasPrefix("opennotification-mock listening on http://127.0.0.1:"))
            let address = try #require(first.split(separator: " ").last)
            let base = try #require(URL(string: String(address)))
            let client = OpenNotification.Client(environment: .custom(base), appKey: OpenNotificationTestData.appKey)
            let subscription = try await client.registerSubscription(
                .init(
                    installationID: try .init("i-1"), platform: .ios, token: try .init("00112233445566778899"),
                    sdkVersion: "0.1.0",
                    osVersion: "17", deviceModel: "iPhone", language: try .init("tr"), timeZone: "Europe/Istanbul"))
            #expect(subscription.subscribed)
            process.terminate()
            #expect(await blocking { process.waitUntilExit() } == .exit(0))
        }
    }
}

/// Every example of the spec decodes through the generated types and encodes back to the same JSON.
@Suite struct SpecExamplesRoundTripTests {
    @Test(arguments: ["registerSubscription", "sendNotification"])
    func examplesRoundTrip(operation: String) throws {
        let codec = try #require(OpenNotificationCodecs.byOperation[operation])
        let examples: [String: (request: String, response: String)] = [
            "registerSubscription": (
                #"{"installationId":"inst-1","platform":"ios","token":"a1b2c3d4e5f60718","subscribed":true,"sdkVersion":"0.1.0","osVersion":"17.4","deviceModel":"iPhone15,2","appVersion":"2.3","language":"tr","timeZone":"Europe/Istanbul","country":"TR"}"#,
                #"{"id":"sub-1","platform":"ios","subscribed":true,"tags":{},"language":"tr","timeZone":"Europe/Istanbul","country":"TR","sessionCount":0}"#
            ),
            "sendNotification": (
                #"{"target":{"externalIds":["user_123"]},"title":"Siparişiniz yolda","body":"Kargonuz bugün teslim edilecek.","url":"shop://orders/42","silent":false}"#,
                #"{"campaignId":"cmp-1","targeted":1}"#
            ),
        ]
        let example = try #require(examples[operation])
        for (json, roundTrip) in [
            (example.request, codec.roundTripRequest), (example.response, codec.roundTripResponse),
        ] {
            let original = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? NSDictionary
            let again = try JSONSerialization.jsonObject(with: try roundTrip(Data(json.utf8))) as? NSDictionary
            #expect(original == again)
        }
    }
}
