import Foundation
import SpecsmithCore
import SpecsmithTesting
import Testing

/// A proof of part of the wire column: for every row of the fixture table, values an old server
/// answers with (`Card`, in several shapes) are encoded by the SDK generated from the old spec and
/// decoded by the one generated from the new spec (new clients × old server), and requests old
/// clients send (`Order`) are decoded by the new spec's type, as a new server reads them (old
/// clients × new server). Decoding must succeed for every value exactly when the engine's verdict
/// for that direction and those types is compatible; breaking needs a value that fails.
///
/// Not proven here: the other two directions (the new side's values read by the old side), and
/// what a server checks beyond decoding (unknown members, routes, auth).
@Suite struct SpecDiffDecodeProofTests {
    static let responseTypes: Set<String> = ["Card", "Status", "CardStatus", "Flavor", "Pick"]
    static let requestTypes: Set<String> = ["Order", "Amount"]

    /// The engine's verdict for one direction, over the changes to `types`.
    static func verdict(
        _ row: SpecDiffRow, types: Set<String>, _ direction: KeyPath<WireVerdict, Verdict>
    ) throws -> Compatibility {
        let old = try #require(SpecLoader.load(text: row.oldSpec(namespace: "Shop"), path: "old.json").validSpec)
        let new = try #require(SpecLoader.load(text: row.newSpec(namespace: "Shop"), path: "new.json").validSpec)
        return SpecDiff(old: old, new: new).changes
            .filter { types.contains(String($0.subject.split(separator: ".").first ?? "")) }
            .map { $0.wire[keyPath: direction].compatibility }.max() ?? .compatible
    }

    @Test func oldValuesDecodeWithTheNewSDKExactlyAsTheWireColumnSays() async throws {
        let rows = SpecDiffTable.rows
        let output = try await blocking { try Self.run(rows) }
        let lines = Dictionary(
            output.split(separator: "\n").compactMap { line -> (String, [String])? in
                let words = line.split(separator: " ").map(String.init)
                return words.count == 3 ? (words[0], Array(words.dropFirst())) : nil
            }, uniquingKeysWith: { $1 })
        var checked: [Compatibility: Int] = [:]
        for (index, row) in rows.enumerated() {
            let results = try #require(lines["D\(index)"], "no result for \(row.name) in:\n\(output)")
            let expected = [
                try Self.verdict(row, types: Self.responseTypes, \.newClients),
                try Self.verdict(row, types: Self.requestTypes, \.oldClients),
            ]
            for (result, verdict) in zip(results, expected) {
                checked[verdict, default: 0] += 1
                switch verdict {
                case .compatible: #expect(result == "ok", "\(row.name): compatible, yet a value fails to decode")
                case .breaking: #expect(result == "fail", "\(row.name): breaking, yet every value decodes")
                case .potentiallyBreaking: break
                }
            }
        }
        // Both outcomes are exercised, so the proof cannot pass by decoding nothing or everything.
        #expect(checked[.breaking, default: 0] >= 8)
        #expect(checked[.compatible, default: 0] >= 60)
    }

    static func run(_ rows: [SpecDiffRow]) throws -> String {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
            "specsmith-decode-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let compiler = try ScratchCompiler(scratch: scratch)
        func unit(_ text: String, module: String, namespace: String) throws -> ScratchCompiler.Unit {
            let text = text.replacingOccurrences(of: "DiffKit", with: module)
            let loaded = SpecLoader.load(text: text, path: "\(namespace).json")
            return LintCompilesProperty.unit(try #require(loaded.resolved), service: namespace)
        }
        let old = try unit(rows[0].oldSpec(namespace: "Base"), module: "DiffOld", namespace: "Base")
        let news = try rows.indices.map {
            try unit(rows[$0].newSpec(namespace: "D\($0)"), module: "DiffNew", namespace: "D\($0)")
        }
        for (label, units) in [("old", [old]), ("new", news)] {
            let failures = try compiler.compile(units, label: label).filter { !$0.value.isEmpty }
            try #require(failures.isEmpty, "\(label) SDKs do not compile: \(failures)")
        }
        let folders = [
            compiler.folder(module: "DiffOld", label: "old"), compiler.folder(module: "DiffNew", label: "new"),
        ]
        let checks = rows.indices.map { index in
            #"print("D\#(index)", check(DiffNew.D\#(index).Card.self, answers), check(DiffNew.D\#(index).Order.self, requests))"#
        }
        let source = """
            @_spi(Generated) import SpecsmithRuntime
            import DiffOld
            import DiffNew
            import Foundation

            @main struct Proof {
                static func main() throws {
                    let encoder = WireCoding.encoder()
                    let answers = [
                        try encoder.encode(Base.Card(number: "4111", holder: "Ann", status: .active, flavor: .vanilla, pick: .card("x"))),
                        try encoder.encode(Base.Card(number: "4111", status: .blocked, flavor: .chocolate)),
                        try encoder.encode(Base.Card(number: "4111", status: .active, flavor: .chocolate, pick: .cash)),
                    ]
                    let requests = [
                        try encoder.encode(Base.Order(amount: 5, note: "n", quantity: 2, size: Base.Amount(validating: 100))),
                        try encoder.encode(Base.Order(amount: 5)),
                    ]
                    func check<T: Decodable>(_ type: T.Type, _ values: [Data]) -> String {
                        values.allSatisfy { (try? WireCoding.decoder().decode(type, from: $0)) != nil } ? "ok" : "fail"
                    }
                    \(checks.joined(separator: "\n        "))
                }
            }

            """
        let objects = [folders[0].appendingPathComponent("DiffOld.o"), folders[1].appendingPathComponent("DiffNew.o")]
        let result = try compiler.run(source, linking: objects, importing: folders, label: "decode")
        try #require(result.built, "the proof program did not build or run:\n\(result.output)")
        return result.output
    }
}
