import Foundation

/// A step every request of a client passes through on its way to the transport: add a header, log,
/// measure. Each attempt of a retried call passes through again.
public protocol TransportMiddleware: Sendable {
    /// Handles `request` for `operation`, usually by changing it and calling `next`.
    func intercept(
        _ request: TransportRequest, operation: WireOperation,
        next: @Sendable (TransportRequest) async throws(TransportFailure) -> TransportResponse
    ) async throws(TransportFailure) -> TransportResponse
}

/// Adds a fresh request id to each attempt, so client and server logs can be matched.
public struct RequestIDMiddleware: TransportMiddleware {
    /// The header the ID is sent in.
    public var header: String
    private let makeID: @Sendable () -> String

    /// Adds a fresh ID in `header` to each attempt, made by `makeID` (a lowercase UUID by default).
    public init(
        header: String = "X-Request-ID", makeID: @escaping @Sendable () -> String = { UUID().uuidString.lowercased() }
    ) {
        self.header = header
        self.makeID = makeID
    }

    public func intercept(
        _ request: TransportRequest, operation: WireOperation,
        next: @Sendable (TransportRequest) async throws(TransportFailure) -> TransportResponse
    ) async throws(TransportFailure) -> TransportResponse {
        var request = request
        request.headers.removeAll { $0.name.caseInsensitiveCompare(header) == .orderedSame }
        request.headers.append((name: header, value: makeID()))
        return try await next(request)
    }
}
