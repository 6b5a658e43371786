// Shared by the BKM Express examples: where they run (the mock in-process, or --base-url), and how
// they narrate each step. Each example is a function here, so the tour runs them all.
import BKMExpressLiteMock
import BKMExpressLiteSDK
import ExampleNarration
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Where an example runs and what it prints.
public struct ExampleRun: Sendable {
    public let mode: BKMExpress.Mode
    /// The token `initialize` gets: a `test_` token for the mock, or `--auth-token`.
    public let authToken: String
    /// The server's base URL, for the mock's control endpoints (`/__mock/…`).
    let baseURL: URL
    let mock: BKMExpressMockServer?

    /// Starts the mock in-process, unless `--base-url URL` names another server. With `--reset-mock`,
    /// a mock named by `--base-url` goes back to its test data first: the examples link wallets,
    /// add cards and register phones, so each run against one mock starts from the same table.
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
            let run = ExampleRun(
                mode: .custom(url), authToken: value("--auth-token") ?? "test_example", baseURL: url, mock: nil)
            if arguments.contains("--reset-mock") {
                try await run.control("POST", "reset")
                print("Reset the mock to its test data")
            }
            return run
        }
        // snippet: start-mock
        let mock = try await BKMExpressMockServer.start(port: 0)
        // snippet: end
        print("Started the BKM Express mock in process")
        return ExampleRun(mode: .custom(mock.baseURL), authToken: "test_example", baseURL: mock.baseURL, mock: mock)
    }

    /// Stops the in-process mock, if there is one.
    public func finish() async {
        // snippet: stop-mock
        await mock?.stop()
        // snippet: end
    }

    // snippet: initialize
    /// A session for the user with `gsm`, in `currency`.
    public func session(gsm: String, currency: String = "TRY") async throws -> BKMExpress.API {
        try await BKMExpress.initialize(context: context(gsm: gsm, currency: currency))
    }

    /// The parameters of a session for the user with `gsm`.
    public func context(gsm: String, currency: String = "TRY") throws -> BKMExpress.InitializationContext {
        BKMExpress.InitializationContext(
            authToken: authToken, merchantID: BKMExpressTestData.merchantID, merchantUserID: "user-\(gsm.suffix(4))",
            gsmNo: try .init(gsm), currencyCode: currency, mode: mode)
    }
    // snippet: end

    /// Makes the mock answer the next `operation` with SESSION_EXPIRED (1002), as BKM does when a
    /// session outlives its 30 minutes.
    public func expireSessionOnce(at operation: String) async throws {
        try await control(
            "POST", "faults",
            body: #"{"operation":"\#(operation)","kind":"error","status":401,"code":1002,"times":1,"#
                + #""message":"Oturumunuzun süresi doldu. Lütfen işleme yeniden başlayın."}"#)
    }

    /// Calls one of the mock's control endpoints (`/__mock/<path>`).
    func control(_ method: String, _ path: String, body: String? = nil) async throws {
        var request = URLRequest(url: baseURL.appendingPathComponent("__mock/\(path)"))
        request.httpMethod = method
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = body.map { Data($0.utf8) }
        let (_, response) = try await URLSession(configuration: .ephemeral).data(for: request)
        guard let status = (response as? HTTPURLResponse)?.statusCode, (200...299).contains(status) else {
            throw ExampleError("the server at \(baseURL.absoluteString) is not a mock: /__mock/\(path) failed")
        }
    }
}

// snippet: tell
/// What the app shows when a call fails: the failure's message, which is meant for users, and for
/// the log its kind and code.
public func tell(_ failure: BKMExpress.Failure) {
    let code = failure.code.map { " \($0.info?.name ?? "") (\($0.rawValue))" } ?? ""
    say("the user is told: \"\(failure.message)\"  [\(failure.kind)\(code)]")
}
// snippet: end

/// Runs `body` against the mock (or `--base-url`) and exits non-zero with the failure, so CI notices
/// a broken example; a `BKMExpress.Failure` prints its user message and its detail.
public func runExample(_ name: String, _ body: @escaping @Sendable (ExampleRun) async throws -> Void) async -> Int32 {
    await ExampleNarration.runExample(
        name, start: { try await ExampleRun.start() }, finish: { await $0.finish() },
        describe: { error in
            guard let failure = error as? BKMExpress.Failure else { return "\(error)" }
            return "\(failure.message) — \(failure.detail)"
        }, body)
}
