import Foundation
import SpecsmithRuntime

/// A transport that hands each request straight to a ``MockRouter`` in the same process: the
/// generated client and the generated mock meet without a socket. The loopback HTTP server is the
/// other way to reach a router; both see the same ``MockRequest``.
public struct InProcessTransport: HTTPTransport {
    /// The router every request goes to.
    public let router: MockRouter

    /// A transport that answers every request with `router`.
    public init(router: MockRouter) {
        self.router = router
    }

    /// Routes `request` as the loopback server would, without a socket.
    /// - Throws: `TransportFailure` only when the request's URL cannot be read; every other problem is
    ///   an answer, as over HTTP.
    public func send(_ request: TransportRequest) async throws(TransportFailure) -> TransportResponse {
        guard let components = URLComponents(url: request.url, resolvingAgainstBaseURL: false) else {
            throw TransportFailure(.other, detail: "cannot read the URL \(request.url)")
        }
        var query: [String: String] = [:]
        var repeated: [String: [String]] = [:]
        MockRequest.collect(components.queryItems ?? [], into: &query, repeated: &repeated)
        var headers: [String: String] = [:]
        for header in request.headers { headers[header.name] = header.value }
        var mockRequest = MockRequest(
            method: request.method, path: components.percentEncodedPath, query: query, headers: headers,
            body: request.body ?? Data())
        mockRequest.queryLists = repeated
        let response = await router.respond(to: mockRequest)
        return TransportResponse(status: response.status, headers: response.headers, body: response.body)
    }
}
