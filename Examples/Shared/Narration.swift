// Shared by the example programs of every SDK: how an example narrates what it does, fails when an
// answer is not the promised one, and turns its outcome into the process's exit status.

/// A step of an example, printed as it happens.
public func step(_ text: String) {
    print("\n▸ \(text)")
}

/// A detail of the current step.
public func say(_ text: String) {
    print("  \(text)")
}

/// A failed expectation of an example.
public struct ExampleError: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}

/// Fails the example when an answer is not the one the mock promises.
public func expect(_ condition: Bool, _ message: @autoclosure () -> String) throws {
    if !condition { throw ExampleError("unexpected: \(message())") }
}

/// Runs `body` on what `start` makes, always runs `finish` after it, and returns the exit status
/// (0 or 1) with a last line saying how the example ended, so CI notices a broken example.
///
/// - Parameters:
///   - describe: How a failure is printed; an SDK's typed failure can show its user message.
public func runExample<Stage>(
    _ name: String, start: () async throws -> Stage, finish: (Stage) async -> Void,
    describe: (any Error) -> String = { "\($0)" }, _ body: (Stage) async throws -> Void
) async -> Int32 {
    let stage: Stage
    do {
        stage = try await start()
    } catch {
        print("\n✗ \(name): cannot start: \(describe(error))")
        return 1
    }
    do {
        try await body(stage)
        await finish(stage)
        print("\n✓ \(name) finished")
        return 0
    } catch {
        await finish(stage)
        print("\n✗ \(name): \(describe(error))")
        return 1
    }
}
