// Hand-written: the generated client's typed failure keeps the error code but not the response's
// headers, and the queue must honour `Retry-After`; this middleware keeps what the last answer said.
import Foundation
import SpecsmithRuntime

/// Remembers the `Retry-After` of the last answer, for the queue's single sending loop.
///
/// Only one operation is on the wire at a time, so "the last answer" is the answer to it.
final class RetryAfterRecorder: TransportMiddleware {
    private let last = Locked<TimeInterval?>(nil)
    private let now: @Sendable () -> Date

    init(now: @escaping @Sendable () -> Date) {
        self.now = now
    }

    /// Forgets the last answer, before a send.
    func reset() {
        last.withLock { $0 = nil }
    }

    /// The seconds the last answer asked the client to wait, if it asked.
    var retryAfter: TimeInterval? {
        last.withLock { $0 }
    }

    func intercept(
        _ request: TransportRequest, operation: WireOperation,
        next: @Sendable (TransportRequest) async throws(TransportFailure) -> TransportResponse
    ) async throws(TransportFailure) -> TransportResponse {
        let response = try await next(request)
        let value = response.headers.first { $0.key.lowercased() == "retry-after" }?.value
        let seconds = value.flatMap { Self.seconds($0, now: now()) }
        last.withLock { $0 = seconds }
        return response
    }

    /// `Retry-After` as delay-seconds or an HTTP date (RFC 9110 §10.2.3); `nil` when it is neither.
    static func seconds(_ value: String, now: Date) -> TimeInterval? {
        let text = value.trimmingCharacters(in: .whitespaces)
        if let seconds = Int(text) { return seconds >= 0 ? TimeInterval(seconds) : nil }
        guard let date = WireTime<HTTPDate>(parameterValue: text)?.date else { return nil }
        return max(0, date.timeIntervalSince(now))
    }
}
