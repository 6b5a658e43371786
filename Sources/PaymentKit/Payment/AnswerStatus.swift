// Hand-written: the generated failure keeps the gateway's error code but not the HTTP status, and
// whether a card session's error is definite depends on it (`4xx`: refused; `5xx`: unknown).
import SpecsmithRuntime

/// Remembers the HTTP status of the last answer to one operation, for one payment.
final class AnswerStatus: TransportMiddleware {
    let operation: String
    private let last = Locked<Int?>(nil)

    init(operation: String) { self.operation = operation }

    /// The status of the last answer, `nil` before any came.
    var status: Int? { last.withLock { $0 } }

    func intercept(
        _ request: TransportRequest, operation: WireOperation,
        next: @Sendable (TransportRequest) async throws(TransportFailure) -> TransportResponse
    ) async throws(TransportFailure) -> TransportResponse {
        guard operation.name == self.operation else { return try await next(request) }
        last.withLock { $0 = nil }
        let response = try await next(request)
        last.withLock { $0 = response.status }
        return response
    }
}
