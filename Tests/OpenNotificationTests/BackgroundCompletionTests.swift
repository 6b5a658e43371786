import Foundation
import OpenNotification
import SpecsmithTesting
import Testing

/// `didReceiveBackground` tells its completion on the main actor, so an app delegate may hand it
/// UIKit's fetch completion handler as it received it (neither `Sendable` nor isolated), in
/// Swift 6. Both ways out are checked: a push without a message id, answered at once, and a report
/// sent to the mock.
@Suite struct BackgroundCompletionTests {
    @MainActor
    final class AppDelegate {
        var results: [String] = []

        /// The manual's line, with a handler that is not `Sendable`, as UIKit's is not.
        func application(didReceiveRemoteNotification userInfo: [AnyHashable: Any], done: @escaping (String) -> Void) {
            OpenNotification.shared.didReceiveBackground(userInfo: userInfo) { _ in done("newData") }
        }

        func receive(_ userInfo: [AnyHashable: Any], with sdk: OpenNotification.Installation, signal: Signal) {
            sdk.didReceiveBackground(userInfo: userInfo) { error in
                MainActor.assertIsolated("the completion runs on the main actor")
                self.results.append(error == nil ? "sent" : "failed")
                signal.fire()
            }
        }
    }

    @Test func theCompletionRunsOnTheMainActorWhateverTheWayOut() async throws {
        try await withFixture { fixture in
            let sdk = fixture.launch()
            await sdk.waitUntilIdle()
            let delegate = AppDelegate()
            let silent = Signal()
            await delegate.receive(["aps": ["content-available": 1]], with: sdk, signal: silent)
            await silent.wait()
            let reported = Signal()
            await delegate.receive(
                ["aps": ["content-available": 1], "on": ["i": "msg-background"]], with: sdk, signal: reported)
            await reported.wait()
            #expect(await delegate.results == ["sent", "sent"])
        }
    }
}
