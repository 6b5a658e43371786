import Foundation
import SpecsmithCore
import SpecsmithGenerator
import SpecsmithTesting
import Testing

/// The proof of the Swift column: for every row of the fixture table, app code written against
/// the SDK generated from the old spec compiles against it, and against the SDK generated from the
/// new spec exactly when the row's Swift verdict is compatible (breaking: it must not compile;
/// potentially breaking: either). All rows are compiled in one batch per side, as the lint ⇔
/// compiles property test does.
@Suite struct SpecDiffCompileProofTests {
    /// What one side's compile found.
    struct Outcome: Sendable {
        var sdkErrors: [String: [String]]
        var appErrors: [String: [String]]
    }

    @Test func appCodeCompilesExactlyAsTheSwiftColumnSays() async throws {
        let rows = SpecDiffTable.rows
        let (old, new) = try await blocking { try Self.compile(rows) }
        #expect(old.sdkErrors.isEmpty, "old SDKs do not compile: \(old.sdkErrors)")
        #expect(new.sdkErrors.isEmpty, "new SDKs do not compile: \(new.sdkErrors)")
        #expect(
            old.appErrors.isEmpty, "app code does not compile against the old SDK it was written for: \(old.appErrors)")
        for (index, row) in rows.enumerated() {
            let errors = new.appErrors[Self.namespace(index)] ?? []
            switch row.swift {
            case .compatible:
                #expect(errors.isEmpty, "\(row.name): compatible, yet the app does not compile: \(errors)")
            case .breaking:
                #expect(!errors.isEmpty, "\(row.name): breaking, yet the app compiles against the new SDK")
            case .potentiallyBreaking:
                break
            }
        }
        #expect(new.appErrors["?"] == nil, "errors in no app's file: \(new.appErrors["?"] ?? [])")
    }

    static func namespace(_ index: Int) -> String { "D\(index)" }

    static func compile(_ rows: [SpecDiffRow]) throws -> (old: Outcome, new: Outcome) {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
            "specsmith-diff-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let compiler = try ScratchCompiler(scratch: scratch)
        let apps = rows.indices.map { (name: namespace($0), text: rows[$0].appSource(namespace: namespace($0))) }
        func side(_ label: String, _ text: (SpecDiffRow, String) -> String) throws -> Outcome {
            var units: [ScratchCompiler.Unit] = []
            var errors: [String: [String]] = [:]
            for (index, row) in rows.enumerated() {
                let result = SpecLoader.load(text: text(row, namespace(index)), path: "\(label).json")
                guard let resolved = result.resolved else {
                    errors[namespace(index)] = [result.diagnostics.rendered(file: "\(row.name) \(label).json")]
                    continue
                }
                units.append(LintCompilesProperty.unit(resolved, service: namespace(index)))
            }
            let verdicts = try compiler.compile(units, label: label)
            for (service, failures) in verdicts where !failures.isEmpty { errors[service] = failures }
            guard errors.isEmpty else { return Outcome(sdkErrors: errors, appErrors: [:]) }
            let folder = compiler.folder(module: "DiffKit", label: label)
            return Outcome(sdkErrors: [:], appErrors: try compiler.typecheck(apps, importing: folder, label: label))
        }
        let old = try side("old") { $0.oldSpec(namespace: $1) }
        let new = try side("new") { $0.newSpec(namespace: $1) }
        return (old, new)
    }
}
