import Foundation
import SpecsmithMock
import SpecsmithRuntime
import SpecsmithTesting
import Testing

/// A mock inside a test process must not wait for Swift's few cooperative threads, which the tests
/// hold: its tasks run on its own event-loop threads, so an answer does not queue behind every test
/// waiting for a thread, at any priority.
@Suite struct BusyPoolTests {
    @Test(arguments: [TaskPriority.high, .medium, .low])
    func aRequestIsAnsweredAheadOfTestWorkQueuedOnEveryThread(priority: TaskPriority) async throws {
        // More blockers than the pool has threads: each holds its thread, as a synchronous test does,
        // until the answer has been given or a fifth of a second has passed.
        let blockers = 4 * ProcessInfo.processInfo.activeProcessorCount + 8
        let release = DispatchSemaphore(value: 0)
        let started = Locked(0)
        let startedWhenServed = Locked<Int?>(nil)
        let responder: MockHTTPServer.Responder = { request in
            if request.path == "/measured" {
                startedWhenServed.withLock { $0 = started.withLock { $0 } }
                release.signal()
            }
            return MockResponse(status: 200, body: Data("{}".utf8))
        }
        try await withMockServer(.init(taskPriority: priority), responder: responder) { server in
            // A first answer, so the connection's task is already waiting for bytes when the pool fills.
            let connection = try RawConnection(port: server.port)
            connection.send("GET /first HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(await connection.readResponse()?.status == 200)
            await withTaskGroup(of: Void.self) { group in
                for _ in 0..<blockers {
                    group.addTask(priority: .medium) {
                        started.withLock { $0 += 1 }
                        // Passed on, so each blocker after the answer lets go at once.
                        if release.wait(timeout: .now() + .milliseconds(200)) == .success { release.signal() }
                    }
                }
                connection.send("GET /measured HTTP/1.1\r\nHost: t\r\n\r\n")
                #expect(await connection.readResponse()?.status == 200)
            }
        }
        let served = try #require(startedWhenServed.withLock { $0 })
        #expect(served < blockers, "the answer waited until all \(blockers) queued blockers had run")
    }
}
