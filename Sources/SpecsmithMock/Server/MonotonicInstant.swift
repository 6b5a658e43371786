import Dispatch
import Foundation

/// A point on the monotonic clock, for deadlines. `ContinuousClock` would do, but it needs
/// iOS 16 / macOS 13 and the floor is iOS 15 / macOS 12; `DispatchTime` is the same clock there.
struct MonotonicInstant: Comparable, Sendable {
    var nanoseconds: UInt64

    static var now: MonotonicInstant { MonotonicInstant(nanoseconds: DispatchTime.now().uptimeNanoseconds) }

    static func + (instant: MonotonicInstant, seconds: TimeInterval) -> MonotonicInstant {
        MonotonicInstant(nanoseconds: instant.nanoseconds &+ UInt64(max(0, seconds) * 1_000_000_000))
    }

    static func < (lhs: MonotonicInstant, rhs: MonotonicInstant) -> Bool { lhs.nanoseconds < rhs.nanoseconds }

    /// Whole milliseconds from this instant until `later`, rounded up; 0 when `later` has passed.
    func milliseconds(until later: MonotonicInstant) -> Int {
        guard later.nanoseconds > nanoseconds else { return 0 }
        return Int((later.nanoseconds - nanoseconds + 999_999) / 1_000_000)
    }
}
