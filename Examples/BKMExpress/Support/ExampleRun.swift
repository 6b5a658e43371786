// Shared by the BKM Express examples: where they run (the mock in-process, or --base-url), and how
// they narrate each step. Each example is a function here, so the tour runs them all.
import BKMExpressLiteMock
import BKMExpressLiteSDK
import Foundation

/// Where an example runs and what it prints.
public struct ExampleRun: Sendable {
    public let mode: BKMExpress.Mode
    /// The token `initialize` gets: a `test_` token for the mock, or `--auth-token`.
    public let authToken: String
    let mock: BKMExpressMockServer?

    /// Starts the mock in-process, unless `--base-url URL` names another server.
    public static func start(arguments: [String] = Array(CommandLine.arguments.dropFirst())) async throws -> ExampleRun
    {
        func value(_ name: String) -> String? {
            arguments.firstIndex(of: name).flatMap { arguments.indices.contains($0 + 1) ? arguments[$0 + 1] : nil }
        }
        if let base = value("--base-url") {
            guard let url = URL(string: base), url.scheme != nil else {
                throw ExampleError("--base-url needs an absolute URL")
            }
            print("Using the server at \(url.absoluteString)")
            return ExampleRun(mode: .custom(url), authToken: value("--auth-token") ?? "test_example", mock: nil)
        }
        // snippet: start-mock
        let mock = try await BKMExpressMockServer.start(port: 0)
        // snippet: end
        print("Started the BKM Express mock at \(mock.baseURL.absoluteString)")
        return ExampleRun(mode: .custom(mock.baseURL), authToken: "test_example", mock: mock)
    }

    /// Stops the in-process mock, if there is one.
    public func finish() async {
        // snippet: stop-mock
        await mock?.stop()
        // snippet: end
    }

    /// A session for the user with `gsm`, in `currency`.
    public func session(gsm: String, currency: String = "TRY") async throws -> BKMExpress.API {
        // snippet: initialize
        let context = BKMExpress.InitializationContext(
            authToken: authToken, merchantID: BKMExpressTestData.merchantID, merchantUserID: "user-\(gsm.suffix(4))",
            gsmNo: try .init(gsm), currencyCode: currency, mode: mode)
        return try await BKMExpress.initialize(context: context)
        // snippet: end
    }
}

/// A step of an example, printed as it happens.
public func step(_ text: String) {
    print("\n▸ \(text)")
}

/// A detail of the current step.
public func say(_ text: String) {
    print("  \(text)")
}

public struct ExampleError: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}

/// Fails the example when an answer is not the one the test data promises.
public func expect(_ condition: Bool, _ message: @autoclosure () -> String) throws {
    if !condition { throw ExampleError("unexpected: \(message())") }
}

/// Runs `body` and exits non-zero with the failure, so CI notices a broken example.
public func runExample(_ name: String, _ body: @escaping @Sendable (ExampleRun) async throws -> Void) async -> Int32 {
    do {
        let run = try await ExampleRun.start()
        do {
            try await body(run)
            await run.finish()
            print("\n✓ \(name) finished")
            return 0
        } catch {
            await run.finish()
            throw error
        }
    } catch let failure as BKMExpress.Failure {
        print("\n✗ \(name): \(failure.message) — \(failure.detail)")
        return 1
    } catch {
        print("\n✗ \(name): \(error)")
        return 1
    }
}
