import Foundation
import SpecsmithTesting
import Testing

/// `specsmith diff` as users and CI run it: two files or one against a git revision, the three
/// formats, the `--fail-on` gates and the errors a wrong invocation gets.
@Suite struct SpecDiffCommandLineTests {
    /// A scratch folder with `old.json` (the table's base spec) and `new.json`, which renames
    /// `getCard` in Swift only and adds a case to the closed enum `Status`.
    func scratch() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "specsmith-diff-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let row = SpecDiffRow(
            "cli",
            [
                (#""blocked": "BLOCKED"}"#, #""blocked": "BLOCKED", "frozen": "FROZEN"}"#),
                (#""getCard": {"#, #""fetchCard": {"#),
            ],
            kind: "", wire: .breaking, swift: .breaking, app: "")
        try row.oldSpec(namespace: "Shop").write(
            to: folder.appendingPathComponent("old.json"), atomically: true, encoding: .utf8)
        try row.newSpec(namespace: "Shop").write(
            to: folder.appendingPathComponent("new.json"), atomically: true, encoding: .utf8)
        return folder
    }

    func run(_ arguments: [String], in folder: URL) async throws -> CommandLineTests.Run {
        try await blocking { try CommandLineTests.runBlocking(arguments, in: folder) }
    }

    @Test func textReportsBothColumnsBothLocationsAndTheBump() async throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try await run(["diff", "old.json", "new.json"], in: folder)
        #expect(result.status == 0)
        #expect(
            result.output == """
                specsmith diff old.json → new.json

                WIRE                  SWIFT                 CHANGE
                compatible            breaking              `getCard(…)` is now `fetchCard(…)`; the wire is unchanged.
                                                            old.json:20:5 → new.json:20:5
                                                            swift: `getCard(…)` is gone
                breaking              breaking              `Status` has a new case `.frozen` ("FROZEN").
                                                            new.json:13:99 (added)
                                                            wire: old clients × new server: old clients cannot decode "FROZEN"
                                                            swift: a `switch` over `Status` that lists every case no longer compiles

                2 changes: 2 breaking, 0 potentially breaking, 0 compatible.
                Recommended version bump: major. 2 changes break app code written against the old SDK, 1 change breaks apps already shipped with it.

                """)
    }

    @Test func changelogSaysWhatToChange() async throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try await run(
            ["diff", "old.json", "new.json", "--format", "changelog", "--title", "2.0.0"], in: folder)
        #expect(result.status == 0)
        #expect(
            result.output == """
                ## 2.0.0

                Version bump: **major**. 2 changes break app code written against the old SDK, 1 change breaks apps already shipped with it.

                ### Breaking changes

                - `getCard(…)` is now `fetchCard(…)`; the wire is unchanged. Your code: `getCard(…)` is gone. **What to do:** Call `fetchCard(…)` instead of `getCard(…)`.
                - `Status` has a new case `.frozen` ("FROZEN"). Your code: a `switch` over `Status` that lists every case no longer compiles. On the wire: old clients × new server: old clients cannot decode "FROZEN". **What to do:** Handle `.frozen` in every `switch` over `Status`.

                """)
    }

    @Test func jsonCarriesEveryVerdictAndLocation() async throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try await run(["diff", "old.json", "new.json", "--format", "json"], in: folder)
        #expect(result.status == 0)
        let report = try #require(
            try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        #expect(report["bump"] as? String == "major")
        let changes = try #require(report["changes"] as? [[String: Any]])
        #expect(changes.map { $0["kind"] as? String } == ["endpoint.renamed", "enum.case.added"])
        let added = changes[1]
        let wire = try #require(added["wire"] as? [String: Any])
        let oldClients = try #require(wire["oldClientsNewServer"] as? [String: Any])
        #expect(oldClients["verdict"] as? String == "breaking")
        #expect((added["swift"] as? [String: Any])?["verdict"] as? String == "breaking")
        let new = try #require(added["new"] as? [String: Any])
        #expect(new["file"] as? String == "new.json")
        #expect(new["line"] as? Int == 13)
        #expect(added["old"] is NSNull)
    }

    @Test(arguments: [("breaking", Int32(1)), ("source", 1), ("wire", 1)])
    func failOnGatesTheExitStatus(gate: String, status: Int32) async throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try await run(["diff", "old.json", "new.json", "--fail-on", gate], in: folder)
        #expect(result.status == status)
        #expect(result.errors.contains("--fail-on \(gate): "))
    }

    @Test func aSwiftOnlyChangePassesTheWireGate() async throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let renameOnly = try String(contentsOf: folder.appendingPathComponent("old.json"), encoding: .utf8)
            .replacingOccurrences(of: #""getCard": {"#, with: #""fetchCard": {"#)
        try renameOnly.write(to: folder.appendingPathComponent("new.json"), atomically: true, encoding: .utf8)
        #expect(try await run(["diff", "old.json", "new.json", "--fail-on", "wire"], in: folder).status == 0)
        #expect(try await run(["diff", "old.json", "new.json", "--fail-on", "source"], in: folder).status == 1)
    }

    @Test func againstARevisionReadsTheSpecWithGit() async throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        func git(_ arguments: [String]) throws {
            let result = try Subprocess.run(
                "/usr/bin/env",
                ["git", "-c", "user.name=Specsmith", "-c", "user.email=specsmith@example.com"] + arguments,
                directory: folder)
            try #require(result.status == 0, "git \(arguments): \(String(decoding: result.errors, as: UTF8.self))")
        }
        let notARepository = try await run(["diff", "new.json", "--against", "v1.0.0"], in: folder)
        #expect(notARepository.status == 1)
        #expect(notARepository.errors.contains("--against needs a git repository"))

        try git(["init", "--quiet"])
        try git(["add", "old.json"])
        try git(["commit", "--quiet", "-m", "first"])
        try git(["tag", "v1.0.0"])
        try FileManager.default.removeItem(at: folder.appendingPathComponent("old.json"))
        try FileManager.default.copyItem(
            at: folder.appendingPathComponent("new.json"), to: folder.appendingPathComponent("old.json"))

        let result = try await run(["diff", "old.json", "--against", "v1.0.0", "--fail-on", "breaking"], in: folder)
        #expect(result.status == 1)
        #expect(result.output.hasPrefix("specsmith diff old.json@v1.0.0 → old.json\n"))
        #expect(result.output.contains("old.json@v1.0.0:20:5 → old.json:20:5"))

        let unknown = try await run(["diff", "old.json", "--against", "v9"], in: folder)
        #expect(unknown.status == 1)
        #expect(unknown.errors == "specsmith: git knows no revision \"v9\"\n")
        // A revision that looks like an option never reaches git as one.
        let option = try await run(["diff", "old.json", "--against=--output=stolen.txt"], in: folder)
        #expect(option.status == 1)
        #expect(option.errors == "specsmith: \"--output=stolen.txt\" is not a revision\n")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("stolen.txt").path))
        let missing = try await run(["diff", "new.json", "--against", "v1.0.0"], in: folder)
        #expect(missing.status == 1)
        #expect(missing.errors == "specsmith: new.json did not exist at v1.0.0\n")
    }

    @Test func wrongInvocationsAreUsageErrors() async throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try await run(["diff", "old.json"], in: folder).status == 64)
        #expect(try await run(["diff", "old.json", "new.json", "--format", "yaml"], in: folder).status == 64)
        #expect(try await run(["diff", "old.json", "new.json", "--fail-on", "all"], in: folder).status == 64)
    }
}
