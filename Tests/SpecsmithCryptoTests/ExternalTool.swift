import Foundation
import SpecsmithTesting

/// Runs an independent implementation (the `openssl` command, Python's jwcrypto) for
/// cross-implementation tests.
enum ExternalTool {
    struct Result {
        var status: Int32
        var output: Data
        var errors: String
    }

    static func run(_ executable: String, _ arguments: [String], input: Data = Data()) async throws -> Result {
        try await blocking { try runBlocking(executable, arguments, input: input) }
    }

    static func runBlocking(_ executable: String, _ arguments: [String], input: Data = Data()) throws -> Result {
        let run = try Subprocess.run("/usr/bin/env", [executable] + arguments, input: input)
        return Result(status: run.status, output: run.output, errors: String(decoding: run.errors, as: UTF8.self))
    }

    /// Whether Python can import jwcrypto (`.ci/run` installs it).
    static let hasJWCrypto: Bool = (try? runBlocking("python3", ["-c", "import jwcrypto"]).status) == 0

    /// A scratch folder for key files (never plaintext card data).
    static func scratch() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "specsmith-crypto-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }
}
