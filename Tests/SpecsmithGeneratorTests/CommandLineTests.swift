import Foundation
import SpecsmithTesting
import Testing

/// The `specsmith` executable as users run it: exit codes, stale-file listing, help.
@Suite struct CommandLineTests {
    /// The built `specsmith` binary, beside the test bundle.
    static let executable = builtProgram("specsmith")

    struct Run {
        var status: Int32
        var output: String
        var errors: String
    }

    func run(_ arguments: [String], in folder: URL) async throws -> Run {
        try await blocking { try Self.runBlocking(arguments, in: folder) }
    }

    static func runBlocking(_ arguments: [String], in folder: URL, environment: [String: String] = [:]) throws -> Run {
        let run = try Subprocess.run(
            executable.path, arguments, environment: ProcessInfo.processInfo.environment.merging(environment) { $1 },
            directory: folder)
        return Run(
            status: run.status, output: String(decoding: run.output, as: UTF8.self),
            errors: String(decoding: run.errors, as: UTF8.self))
    }

    /// A scratch package root holding a copy of the golden fixture spec.
    func scratch() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("specsmith-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("Spec"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: repositoryRoot.appendingPathComponent("Tests/Golden/everything.json"),
            to: folder.appendingPathComponent("Spec/everything.json"))
        return folder
    }

    @Test func checkPassesAfterGenerateAndFailsOnDrift() async throws {
        let root = try scratch()
        defer { try? FileManager.default.removeItem(at: root) }
        #expect(try await run(["check", "Spec/everything.json"], in: root).status == 1)
        #expect(try await run(["generate", "Spec/everything.json"], in: root).status == 0)
        #expect(try await run(["check", "Spec/everything.json"], in: root).status == 0)

        let models = root.appendingPathComponent("Sources/GoldenKit/Generated/Models.swift")
        try (try String(contentsOf: models, encoding: .utf8) + "// hand edit\n").write(
            to: models, atomically: true, encoding: .utf8)
        try "// left over\n".write(
            to: root.appendingPathComponent("Sources/GoldenKit/Generated/Old.swift"), atomically: true, encoding: .utf8)
        let drift = try await run(["check", "Spec/everything.json"], in: root)
        #expect(drift.status == 1)
        #expect(drift.errors.contains("stale:   Sources/GoldenKit/Generated/Models.swift"))
        #expect(drift.errors.contains("extra:   Sources/GoldenKit/Generated/Old.swift"))

        #expect(try await run(["generate", "Spec/everything.json"], in: root).status == 0)
        #expect(try await run(["check", "Spec/everything.json"], in: root).status == 0)
    }

    @Test func checkReportsAStaleOrMissingPrivacyManifest() async throws {
        let root = try scratch()
        defer { try? FileManager.default.removeItem(at: root) }
        #expect(try await run(["generate", "Spec/everything.json"], in: root).status == 0)
        let manifest = root.appendingPathComponent("Sources/GoldenKit/PrivacyInfo.xcprivacy")
        let generated = try String(contentsOf: manifest, encoding: .utf8)
        try generated.replacingOccurrences(of: "<true/>", with: "<false/>").write(
            to: manifest, atomically: true, encoding: .utf8)
        let stale = try await run(["check", "Spec/everything.json"], in: root)
        #expect(stale.status == 1)
        #expect(
            stale.errors.contains("stale:   Sources/GoldenKit/PrivacyInfo.xcprivacy (privacy of Spec/everything.json)"))

        try FileManager.default.removeItem(at: manifest)
        let missing = try await run(["check", "Spec/everything.json"], in: root)
        #expect(missing.status == 1)
        #expect(
            missing.errors.contains(
                "missing: Sources/GoldenKit/PrivacyInfo.xcprivacy (privacy of Spec/everything.json)"))

        #expect(try await run(["generate", "Spec/everything.json"], in: root).status == 0)
        #expect(try String(contentsOf: manifest, encoding: .utf8) == generated)
        #expect(try await run(["check", "Spec/everything.json"], in: root).status == 0)
    }

    @Test func lintPrintsCompilerStyleDiagnosticsAndFails() async throws {
        let root = try scratch()
        defer { try? FileManager.default.removeItem(at: root) }
        let bad =
            #"{"specsmith": 1, "service": {"name": "X", "module": "XKit", "mockModule": "XKitMock", "hosts": {"api": {}}}, "typos": {}}"#
        try bad.write(to: root.appendingPathComponent("Spec/bad.json"), atomically: true, encoding: .utf8)
        let result = try await run(["lint", "Spec/bad.json"], in: root)
        #expect(result.status == 1)
        #expect(result.errors.contains("Spec/bad.json:1:110: error: unknown key \"typos\" in the spec"))
        #expect(result.errors.contains("Spec/bad.json:1:110: note: did you mean \"types\"?"))
    }

    @Test(arguments: ["generate", "lint", "check", "openapi", "diff", "verify"])
    func everyCommandHasHelp(command: String) async throws {
        let result = try await run([command, "--help"], in: repositoryRoot)
        #expect(result.status == 0)
        #expect(result.output.hasPrefix("USAGE: specsmith \(command)"))
    }

    @Test func unknownOptionIsAUsageError() async throws {
        let result = try await run(["lint", "--strict", "x.json"], in: repositoryRoot)
        #expect(result.status == 64)
        #expect(result.errors.contains("unknown option --strict"))
    }

    @Test func openAPIWritesADocument() async throws {
        let result = try await run(["openapi", "Spec/bkm-express-lite.json"], in: repositoryRoot)
        #expect(result.status == 0)
        #expect(result.output.contains("\"openapi\": \"3.1.0\""))
    }
}
