// Hand-written: the bounds of the SDK's durable queue and how long callers wait for it are the
// SDK's own policy; the spec describes only single requests.
import Foundation

extension OpenNotification {
    /// The queue's bound, and how long completions and the launch tap wait.
    ///
    /// Past ``maxOperations`` queued operations, or once the oldest is older than ``maxAge``, the queue
    /// is compacted: the last `login` or `logout` stands for all identity changes, the last
    /// `setLanguage` wins, tag changes fold into one, session pings keep the newest, and of repeated
    /// `unsubscribe` and `optIn` the last stands. Only then, if it is still too long or too old,
    /// session pings and event reports go, oldest first; calls that carry the user's choice
    /// (identity, tags, language, opt-out and opt-in, the registration) are never dropped.
    public struct QueuePolicy: Sendable {
        /// The most operations kept before compaction.
        public var maxOperations: Int
        /// The oldest an operation may be before compaction; session pings and event reports older
        /// than this are dropped.
        public var maxAge: TimeInterval
        /// How long a completion waits before it hears "not sent yet" (the operation stays queued);
        /// `nil` waits for the outcome.
        public var completionWait: TimeInterval?
        /// How long `didReceiveBackground` waits for its report before calling its completion; iOS
        /// allows about 30 seconds.
        public var backgroundWait: TimeInterval
        /// How long a tap from the launch options waits for the same tap from the notification center,
        /// which tells which button was tapped, before it reaches `onOpen` on its own.
        public var launchGrace: TimeInterval
        /// How timers wait; tests pass one they drive.
        public var sleep: @Sendable (TimeInterval) async -> Void

        /// 500 operations or 30 days; completions wait 30 s, background pushes 25 s, a launch tap 2 s.
        public init(
            maxOperations: Int = 500, maxAge: TimeInterval = 30 * 24 * 3600, completionWait: TimeInterval? = 30,
            backgroundWait: TimeInterval = 25, launchGrace: TimeInterval = 2,
            sleep: @escaping @Sendable (TimeInterval) async -> Void = Backoff.taskSleep
        ) {
            self.maxOperations = max(1, maxOperations)
            self.maxAge = max(0, maxAge)
            self.completionWait = completionWait.map { max(0, $0) }
            self.backgroundWait = max(0, backgroundWait)
            self.launchGrace = max(0, launchGrace)
            self.sleep = sleep
        }
    }
}
