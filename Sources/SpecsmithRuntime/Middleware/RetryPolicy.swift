import Foundation

/// When and how often an idempotent call is repeated: transport failures and the statuses that mean
/// "try again" (408, 429, 502, 503, 504), with exponential backoff and full jitter, honouring
/// `Retry-After`, and a bounded number of attempts. Non-idempotent operations are never repeated,
/// unless their endpoint takes an idempotency key, which the client sends unchanged on every attempt.
public struct RetryPolicy: Sendable {
    /// Attempts in all, the first included; 1 turns retries off.
    public var maxAttempts: Int
    /// The backoff before the first retry, in seconds; it doubles for each later one.
    public var baseDelay: TimeInterval
    /// No wait, backoff or `Retry-After`, is longer.
    public var maxDelay: TimeInterval
    /// The HTTP statuses that mean "try again later".
    public var retryableStatuses: Set<Int>
    /// Picks the actual wait from the backoff (full jitter: uniformly up to it); replaceable in tests.
    public var jitter: @Sendable (TimeInterval) -> TimeInterval
    /// Waits; `Task.sleep` unless a test replaces it. Cancellation ends the wait and the call.
    public var sleep: @Sendable (TimeInterval) async throws -> Void

    /// A retry policy; the defaults try three times with a 0.2 s base delay, never waiting more than 10 s.
    public init(
        maxAttempts: Int = 3, baseDelay: TimeInterval = 0.2, maxDelay: TimeInterval = 10,
        retryableStatuses: Set<Int> = [408, 429, 502, 503, 504],
        jitter: @escaping @Sendable (TimeInterval) -> TimeInterval = RetryPolicy.fullJitter,
        sleep: @escaping @Sendable (TimeInterval) async throws -> Void = RetryPolicy.taskSleep
    ) {
        self.maxAttempts = max(1, maxAttempts)
        self.baseDelay = baseDelay
        self.maxDelay = maxDelay
        self.retryableStatuses = retryableStatuses
        self.jitter = jitter
        self.sleep = sleep
    }

    /// A wait drawn uniformly between zero and `backoff`.
    public static func fullJitter(_ backoff: TimeInterval) -> TimeInterval {
        TimeInterval.random(in: 0...max(0, backoff))
    }

    /// Waits `seconds` with `Task.sleep`, ending early with `CancellationError` when cancelled.
    public static func taskSleep(_ seconds: TimeInterval) async throws {
        try await Task.sleep(seconds: seconds)
    }

    /// No retries.
    public static let never = RetryPolicy(maxAttempts: 1)

    /// The wait before attempt `attempt + 1` (attempts count from 1), or `nil` to stop.
    func delay(after attempt: Int, response: TransportResponse?) -> TimeInterval? {
        guard attempt < maxAttempts else { return nil }
        let backoff = jitter(min(maxDelay, baseDelay * Double(1 << min(attempt - 1, 20))))
        guard let retryAfter = response.flatMap(Self.retryAfter) else { return backoff }
        return min(maxDelay, max(backoff, retryAfter))
    }

    /// `Retry-After` as seconds or an HTTP date (RFC 9110 §10.2.3).
    static func retryAfter(_ response: TransportResponse) -> TimeInterval? {
        guard let value = response.headers.first(where: { HTTPHeaderName($0.key) == .retryAfter })?.value else {
            return nil
        }
        if let seconds = Int(value.trimmingCharacters(in: .whitespaces)), seconds >= 0 { return TimeInterval(seconds) }
        let text = value.trimmingCharacters(in: .whitespaces)
        guard let date = HTTPDateText.parse(text) else { return nil }
        return max(0, date.timeIntervalSinceNow)
    }
}

extension Task where Success == Never, Failure == Never {
    /// `Task.sleep(for:)` needs iOS 16; this is the same wait on the iOS 15 floor. Throws
    /// `CancellationError` when the task is cancelled.
    package static func sleep(seconds: TimeInterval) async throws {
        try await sleep(nanoseconds: UInt64(max(0, min(seconds, 1e9)) * 1_000_000_000))
    }
}
