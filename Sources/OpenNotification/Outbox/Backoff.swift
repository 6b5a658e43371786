// Hand-written: how the SDK's queue repeats a failed send is its own policy, independent of the
// generated client's per-request retry.
import Foundation

extension OpenNotification {
    /// How a send that failed for a passing reason (no connection, a timeout, a 5xx, a 429) is repeated.
    ///
    /// Such an operation is never dropped: it is repeated, with exponential backoff and full jitter,
    /// and never sooner than the server's `Retry-After`, until it goes through, across relaunches.
    /// After ``maxAttempts`` failed attempts its completion hears a failure whose
    /// ``OpenNotification/Failure/isStillQueued`` is `true`; the operation stays queued.
    public struct Backoff: Sendable {
        /// Failed attempts after which the completion is told "not sent yet"; sending goes on.
        public var maxAttempts: Int
        /// The backoff after the first failure; it doubles for each later one.
        public var baseDelay: TimeInterval
        /// The longest backoff, and the longest `Retry-After` honoured.
        public var maxDelay: TimeInterval
        /// Picks the actual wait from the backoff (full jitter: uniformly up to it); tests fix it.
        public var jitter: @Sendable (TimeInterval) -> TimeInterval
        /// How to wait; tests pass one that returns at once or one they drive.
        public var sleep: @Sendable (TimeInterval) async -> Void

        /// Backoff from 1 s, doubling up to 5 minutes, with full jitter; completions hear "not sent yet"
        /// after four failed attempts.
        public init(
            maxAttempts: Int = 4, baseDelay: TimeInterval = 1, maxDelay: TimeInterval = 300,
            jitter: @escaping @Sendable (TimeInterval) -> TimeInterval = Backoff.fullJitter,
            sleep: @escaping @Sendable (TimeInterval) async -> Void = Backoff.taskSleep
        ) {
            self.maxAttempts = max(1, maxAttempts)
            self.baseDelay = max(0, baseDelay)
            self.maxDelay = max(0, maxDelay)
            self.jitter = jitter
            self.sleep = sleep
        }

        /// The wait after attempt `attempt` (1-based) failed: the jittered backoff, or the server's
        /// `Retry-After` when that is longer, never more than ``maxDelay``.
        public func delay(after attempt: Int, retryAfter: TimeInterval? = nil) -> TimeInterval {
            let backoff = min(maxDelay, baseDelay * pow(2, Double(min(max(attempt, 1) - 1, 30))))
            let jittered = min(backoff, max(0, jitter(backoff)))
            guard let retryAfter else { return jittered }
            return min(maxDelay, max(jittered, retryAfter))
        }

        /// A wait drawn uniformly between zero and `backoff`.
        @Sendable public static func fullJitter(_ backoff: TimeInterval) -> TimeInterval {
            TimeInterval.random(in: 0...max(0, backoff))
        }

        /// Sleeps the task for `seconds`; returns early when it is cancelled.
        @Sendable public static func taskSleep(_ seconds: TimeInterval) async {
            try? await Task.sleep(nanoseconds: UInt64(max(0, min(seconds, 1e9)) * 1_000_000_000))
        }
    }
}
