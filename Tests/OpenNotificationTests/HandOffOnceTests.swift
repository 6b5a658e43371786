import Foundation
import OpenNotification
import SpecsmithTesting
import Testing

/// The extension template hands the content back through `nonisolated(unsafe)` captures, safe only
/// because the handler calls back exactly once. iOS calls `serviceExtensionTimeWillExpire` on its own
/// thread; here eight threads call it at once, fifty times over, with the work still running, and
/// each notification is handed back once (awaited through `process`, a second call would resume a
/// checked continuation twice and crash).
@Suite struct HandOffOnceTests {
    static func userInfo() -> [AnyHashable: Any] {
        ["aps": ["alert": "B"], "on": ["i": "m", "img": "http://127.0.0.1:9/a.png"]]
    }

    func hangingHandler() -> NotificationServiceHandler {
        NotificationServiceHandler(
            apiURL: URL(string: "http://127.0.0.1:9"), transport: HangingTransport(), deliveredTimeout: 60,
            imageTimeout: 60)
    }

    @Test func timeRunningOutOnEightThreadsAtOnceHandsBackOnce() {
        for _ in 0..<50 {
            let handler = hangingHandler()
            let calls = Recorder(0)
            handler.start(userInfo: Self.userInfo()) { _ in calls.update { $0 += 1 } }
            DispatchQueue.concurrentPerform(iterations: 8) { _ in handler.timeWillExpire() }
            #expect(calls.value == 1)
        }
    }

    @Test func anAwaitedNotificationIsResumedOnceWhateverThreadEndsIt() async {
        for _ in 0..<50 {
            let handler = hangingHandler()
            let ended = Task { await handler.process(userInfo: Self.userInfo()) }
            // process registers its callback before it can be ended; expiring until it answers
            // covers an expiry that comes first, which must wait for the start like iOS's does.
            let expiring = Task.detached {
                while !Task.isCancelled {
                    DispatchQueue.concurrentPerform(iterations: 4) { _ in handler.timeWillExpire() }
                    await Task.yield()
                }
            }
            let content = await ended.value
            expiring.cancel()
            await expiring.value
            #expect(content.body == "B")
        }
    }
}
