/// Runs `body` with what `start` makes, and runs `stop` on every path out of it, a thrown error
/// included: the closure-scoped fixture every test suite's `with` is built on.
public func scoped<Fixture, Result>(
    _ start: () async throws -> Fixture, stop: (Fixture) async -> Void, _ body: (Fixture) async throws -> Result
) async throws -> Result {
    let fixture = try await start()
    do {
        let result = try await body(fixture)
        await stop(fixture)
        return result
    } catch {
        await stop(fixture)
        throw error
    }
}
