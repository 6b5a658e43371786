// Hand-written: how the SDK's queue repeats a failed send is its own policy, independent of the
// generated client's per-request retry.
import Foundation

extension OpenNotification {
    /// How a failed send is repeated before its completion hears the failure.
    public struct Backoff: Sendable {
        /// Sends in all, the first included.
        public var maxAttempts: Int
        /// The wait before the second attempt; it doubles for each later one.
        public var baseDelay: TimeInterval
        /// The longest wait.
        public var maxDelay: TimeInterval
        /// How to wait; tests pass one that returns at once.
        public var sleep: @Sendable (TimeInterval) async -> Void

        /// Four attempts, waiting 1, 2 and 4 seconds between them, by default.
        public init(
            maxAttempts: Int = 4, baseDelay: TimeInterval = 1, maxDelay: TimeInterval = 30,
            sleep: @escaping @Sendable (TimeInterval) async -> Void = Backoff.taskSleep
        ) {
            self.maxAttempts = max(1, maxAttempts)
            self.baseDelay = baseDelay
            self.maxDelay = maxDelay
            self.sleep = sleep
        }

        /// The wait after attempt `attempt` (1-based) failed.
        public func delay(after attempt: Int) -> TimeInterval {
            min(maxDelay, baseDelay * pow(2, Double(attempt - 1)))
        }

        /// Sleeps the task for `seconds`; returns early when it is cancelled.
        public static func taskSleep(_ seconds: TimeInterval) async {
            try? await Task.sleep(nanoseconds: UInt64(max(0, seconds) * 1_000_000_000))
        }
    }
}
