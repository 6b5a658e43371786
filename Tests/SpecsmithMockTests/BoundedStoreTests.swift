import Foundation
import SpecsmithRuntime
import Testing

@testable import SpecsmithMock

/// A clock a test moves by hand.
final class FakeClock: Sendable {
    private let current = Locked(Date(timeIntervalSince1970: 1_800_000_000))
    var now: @Sendable () -> Date { { self.current.withLock { $0 } } }
    func advance(_ seconds: TimeInterval) { current.withLock { $0 += seconds } }
}

/// Simulator state clients create stays within a lifetime and a count.
@Suite struct BoundedStoreTests {
    @Test func anEntryExpiresItsLifetimeAfterItWasCreatedEvenWhenRewritten() {
        let clock = FakeClock()
        var store = BoundedStore<String, Int>(lifetime: 60, capacity: 10, now: clock.now)
        store["a"] = 1
        clock.advance(59)
        store["a"] = 2
        #expect(store["a"] == 2)
        clock.advance(1)
        #expect(store["a"] == nil)
        #expect(Array(store).isEmpty)
        store["b"] = 3
        #expect(store.count == 1)
    }

    @Test func pastItsCapacityTheOldestEntryGoes() {
        var store = BoundedStore<Int, String>(lifetime: 3600, capacity: 3)
        for key in 1...5 { store[key] = "v\(key)" }
        #expect(store.count == 3)
        #expect(Set(store.keys) == [3, 4, 5])
        store[4] = nil
        store[6] = "v6"
        #expect(Set(store.keys) == [3, 5, 6])
        store[3, default: ""] += "!"
        #expect(store[3] == "v3!")
    }

    @Test func removingAndAddingForeverKeepsTheBookkeepingSmall() {
        var store = BoundedStore<Int, Int>(lifetime: 3600, capacity: 4)
        for key in 0..<100_000 {
            store[key] = key
            if key % 2 == 0 { store.removeValue(forKey: key) }
        }
        #expect(store.count == 4)
        #expect(store.values.sorted() == [99_993, 99_995, 99_997, 99_999])
    }

    @Test func aBoundedSetForgetsExpiredAndOldestMembers() {
        let clock = FakeClock()
        var seen = BoundedSet<String>(lifetime: 10, capacity: 2, now: clock.now)
        #expect(seen.insert("a").inserted)
        #expect(!seen.insert("a").inserted)
        #expect(seen.insert("b").inserted)
        #expect(seen.insert("c").inserted)
        #expect(!seen.contains("a"))
        clock.advance(10)
        #expect(!seen.contains("b") && !seen.contains("c"))
        #expect(seen.insert("b").inserted)
        #expect(seen.count == 1)
    }
}
