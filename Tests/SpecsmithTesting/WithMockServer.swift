import SpecsmithMock

/// Runs `body` against a loopback server answering with `responder`, and stops the server on every
/// path out, a thrown error included.
public func withMockServer<Result>(
    _ configuration: MockHTTPServer.Configuration = .init(), responder: @escaping MockHTTPServer.Responder,
    _ body: (MockHTTPServer) async throws -> Result
) async throws -> Result {
    let start = { try MockHTTPServer(configuration: configuration, responder: responder) }
    return try await scoped(start, stop: { await $0.stop() }, body)
}
