import SpecsmithCore
import Testing

/// Each row of the fixture table: both specs lint clean, and `specsmith diff` finds the change
/// and gives it the table's wire and Swift verdicts.
@Suite struct SpecDiffVerdictTests {
    @Test(arguments: SpecDiffTable.rows)
    func verdictsMatchTheTable(row: SpecDiffRow) throws {
        #expect(row.editsApply, "an edit of \(row.name) does not find its text in the base spec")
        let old = SpecLoader.load(text: row.oldSpec(namespace: "Shop"), path: "old.json")
        let new = SpecLoader.load(text: row.newSpec(namespace: "Shop"), path: "new.json")
        let oldSpec = try #require(old.validSpec, "\(old.diagnostics.rendered(file: "old.json"))")
        let newSpec = try #require(new.validSpec, "\(new.diagnostics.rendered(file: "new.json"))")
        let diff = SpecDiff(old: oldSpec, new: newSpec)
        let report = diff.text(DiffSides(old: "old.json", new: "new.json"))
        #expect(diff.changes.contains { $0.kind == row.kind }, "no \(row.kind) in\n\(report)")
        #expect(diff.changes.map(\.wire.compatibility).max() == row.wire, "wire verdict of \(row.name):\n\(report)")
        #expect(diff.changes.map(\.swift.compatibility).max() == row.swift, "Swift verdict of \(row.name):\n\(report)")
    }

    @Test func theTableCoversThirtyChanges() {
        #expect(SpecDiffTable.rows.count >= 30)
        #expect(Set(SpecDiffTable.rows.map(\.name)).count == SpecDiffTable.rows.count)
    }

    @Test func aSpecAgainstItselfHasNoChanges() throws {
        let spec = try #require(SpecLoader.load(text: SpecDiffTable.base, path: "base.json").validSpec)
        let diff = SpecDiff(old: spec, new: spec)
        #expect(diff.changes.isEmpty)
        #expect(diff.bump == .none)
    }
}
