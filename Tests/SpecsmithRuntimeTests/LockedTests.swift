import Foundation
import Testing

@testable import SpecsmithRuntime

/// `Locked` is `@unchecked Sendable` on one promise: its value is touched only while the lock is held.
/// The mistakes that invites: a path that reads or writes outside the lock (a lost update, a torn
/// pair), and a lock left held when the body throws (the next caller waits for ever).
@Suite struct LockedTests {
    struct Pair {
        var first = 0
        var second = 0
    }

    @Test func eightThreadsLoseNoUpdateAndNeverSeeATornPair() {
        let pair = Locked(Pair())
        let torn = Locked(0)
        let threads = 8
        let increments = 20_000
        DispatchQueue.concurrentPerform(iterations: threads) { _ in
            for _ in 0..<increments {
                let seenTorn = pair.withLock { value -> Bool in
                    let wasTorn = value.first != value.second
                    value.first += 1
                    value.second += 1
                    return wasTorn
                }
                if seenTorn { torn.withLock { $0 += 1 } }
            }
        }
        let final = pair.withLock { $0 }
        #expect(final.first == threads * increments)
        #expect(final.second == threads * increments)
        #expect(torn.withLock { $0 } == 0)
    }

    struct Refused: Error {}

    @Test func aBodyThatThrowsLeavesTheLockFreeForAnotherThread() throws {
        let value = Locked(0)
        #expect(throws: Refused.self) {
            try value.withLock { (number: inout Int) throws(Refused) in
                number = 1
                throw Refused()
            }
        }
        // Another thread takes the lock; if the throw had left it held, that thread would wait for
        // ever and the bound below would fail the test instead of hanging the suite.
        let taken = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            value.withLock { $0 += 1 }
            taken.signal()
        }
        #expect(taken.wait(timeout: .now() + 30) == .success)
        #expect(value.withLock { $0 } == 2)
    }
}
