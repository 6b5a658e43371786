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
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [executable] + arguments
        let stdin = Pipe()
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.runSerially()
        stdin.fileHandleForWriting.write(input)
        try stdin.fileHandleForWriting.close()
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        let errors = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus, output: output, errors: String(decoding: errors, as: UTF8.self))
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
