import Foundation
import SpecsmithRuntime
import Testing

@testable import SpecsmithMock

#if canImport(Glibc)
    import Glibc
#endif

/// `EventLoop.wait` suspends on an unchecked continuation, which invites two mistakes: resuming it
/// twice (undefined behaviour, which no check catches) and never resuming it (a task that hangs).
/// Here the three ways a wait ends race on every waiter at once; each wait must end exactly once.
/// Under ThreadSanitizer (`.ci/sanitizers.sh`) a waiter touched outside the lock is reported too.
@Suite struct EventLoopContinuationTests {
    @Test(.timeLimit(.minutes(1))) func everyWaitEndsExactlyOnceWhenReadinessInterruptionAndStopRace() async throws {
        let loop = try EventLoop(index: 99)
        var made: [(read: Int32, write: Int32)] = []
        for _ in 0..<48 {
            var ends: [Int32] = [0, 0]
            try #require(pipe(&ends) == 0)
            made.append((ends[0], ends[1]))
        }
        let pipes = made
        defer {
            for ends in pipes {
                close(ends.read)
                close(ends.write)
            }
        }
        let ended = Locked([Int32: Int]())
        await withTaskGroup(of: Void.self) { group in
            for ends in pipes {
                group.addTask {
                    _ = await loop.wait(for: ends.read, deadline: nil)
                    ended.withLock { $0[ends.read, default: 0] += 1 }
                }
            }
            // Readiness for every second pipe, an interruption for every third, then the stop, each
            // from a thread of its own, so they meet the loop thread's own resumes at random.
            let racers = [
                Thread {
                    for ends in pipes.enumerated() where ends.offset % 2 == 0 {
                        var byte: UInt8 = 1
                        _ = write(ends.element.write, &byte, 1)
                    }
                },
                Thread {
                    for ends in pipes.enumerated() where ends.offset % 3 == 0 { loop.interrupt(ends.element.read) }
                },
            ]
            for racer in racers { racer.start() }
            let stopped = DispatchSemaphore(value: 0)
            Thread {
                loop.stop()
                stopped.signal()
            }.start()
            await group.waitForAll()
            await withCheckedContinuation { continuation in
                Thread {
                    stopped.wait()
                    continuation.resume()
                }.start()
            }
        }
        let counts = ended.withLock { $0 }
        #expect(counts.count == pipes.count)
        #expect(counts.values.allSatisfy { $0 == 1 })
    }
}
