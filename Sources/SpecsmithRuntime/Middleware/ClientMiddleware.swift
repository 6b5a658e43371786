import Foundation

/// A step every request of a client passes through on its way to the transport: add a header, log,
/// measure. Each attempt of a retried call passes through again.
public protocol ClientMiddleware: Sendable {
    /// Handles `request` for `operation`, usually by changing it and calling `next`.
    func intercept(
        _ request: HTTPRequest, operation: WireOperation,
        next: @Sendable (HTTPRequest) async throws(TransportFailure) -> HTTPResponse
    ) async throws(TransportFailure) -> HTTPResponse
}

/// Adds a fresh request id to each attempt, so client and server logs can be matched.
public struct RequestIDMiddleware: ClientMiddleware {
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
        _ request: HTTPRequest, operation: WireOperation,
        next: @Sendable (HTTPRequest) async throws(TransportFailure) -> HTTPResponse
    ) async throws(TransportFailure) -> HTTPResponse {
        var request = request
        request.headers.removeAll { $0.name.caseInsensitiveCompare(header) == .orderedSame }
        request.headers.append((name: header, value: makeID()))
        return try await next(request)
    }
}
