// Hand-written: when a payment's deadline passes. A protocol so tests decide the moment with a
// clock of their own instead of racing a real one.
import Dispatch
import Foundation

/// Runs an action once a number of seconds have passed.
package protocol DeadlineClock: Sendable {
    /// Runs `action` once, `seconds` from now (or at a moment the clock decides, for a test clock).
    func schedule(after seconds: TimeInterval, _ action: @escaping @Sendable () -> Void)
}

/// The real clock: a global dispatch queue's timer.
struct DispatchDeadlineClock: DeadlineClock {
    func schedule(after seconds: TimeInterval, _ action: @escaping @Sendable () -> Void) {
        DispatchQueue.global().asyncAfter(deadline: .now() + seconds, execute: action)
    }
}
