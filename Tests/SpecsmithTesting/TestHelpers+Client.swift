import Foundation
import SpecsmithMock
import SpecsmithRuntime

/// The failure a test's own `ClientCore` throws: the runtime failure as it came.
public struct TestFailure: ServiceFailure, Equatable {
    public var failure: ClientFailure
    public init(_ failure: ClientFailure) { self.failure = failure }
}

/// Runs `body` with the URL of a loopback server answering with `service` on an ephemeral port,
/// and stops the server on every path out.
public func withMockService<Result>(_ service: MockService, _ body: (URL) async throws -> Result) async throws
    -> Result
{
    let responder: MockHTTPServer.Responder = { await service.respond(to: $0) }
    return try await withMockServer(.init(port: 0), responder: responder) { try await body($0.baseURL) }
}

extension AsyncSequence {
    /// Every element, in order.
    public func collected() async throws -> [Element] {
        var elements: [Element] = []
        for try await element in self { elements.append(element) }
        return elements
    }
}
