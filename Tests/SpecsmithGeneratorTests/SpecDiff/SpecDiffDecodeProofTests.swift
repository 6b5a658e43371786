import Foundation
import SpecsmithCore
import SpecsmithTesting
import Testing

/// A proof of the wire column by decoding, in all four directions, for every row of the fixture table:
///
/// - new clients × old server: answers of the old spec (`Card`, in several shapes), encoded by the SDK
///   generated from it, decoded by each row's new SDK;
/// - old clients × new server, requests: old clients' `Order`s decoded by the new spec's type, as a
///   new server reads them;
/// - old clients × new server, answers: the new side's `Card`s (JSON samples, kept only when the new
///   SDK decodes them, and sent as it encodes them again) decoded by the old SDK;
/// - new clients × old server, requests: the new side's `Order`s likewise, decoded by the old type.
///
/// Every value decodes exactly when the engine's verdict for that direction and those types is
/// compatible; breaking needs a value that fails. What a server checks beyond decoding (unknown
/// members, routes, auth) is not proven here.
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
                return words.count == 5 ? (words[0], Array(words.dropFirst())) : nil
            }, uniquingKeysWith: { $1 })
        var checked: [Compatibility: Int] = [:]
        for (index, row) in rows.enumerated() {
            let results = try #require(lines["D\(index)"], "no result for \(row.name) in:\n\(output)")
            let expected = [
                try Self.verdict(row, types: Self.responseTypes, \.newClients),
                try Self.verdict(row, types: Self.requestTypes, \.oldClients),
                try Self.verdict(row, types: Self.responseTypes, \.oldClients),
                try Self.verdict(row, types: Self.requestTypes, \.newClients),
            ]
            #expect(!results.contains("none"), "\(row.name): no sample of the new side decodes with the new SDK")
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
        #expect(checked[.breaking, default: 0] >= 14)
        #expect(checked[.compatible, default: 0] >= 130)
    }

    /// What a new server may answer and new clients may send, as JSON, before each row's own.
    static let cards = [
        #"{"number": "4111", "holder": "Ann", "status": "ACTIVE", "flavor": "VANILLA", "pick": {"type": "card", "card": "x"}}"#,
        #"{"number": "4111", "status": "BLOCKED", "flavor": "CHOCOLATE"}"#,
        #"{"number": "4111", "status": "ACTIVE", "flavor": "CHOCOLATE", "pick": {"type": "cash"}}"#,
    ]
    static let orders = [#"{"amount": 5, "note": "n", "quantity": 2, "size": 5}"#, #"{"amount": 5, "quantity": 1}"#]

    /// Samples only the new side of a row can send: its new members, values and cases.
    static let extras: [String: (cards: [String], orders: [String])] = [
        "required response field added": (
            [#"{"number": "4111", "status": "ACTIVE", "flavor": "VANILLA", "issuer": "B"}"#], []
        ),
        "required request field added": ([], [#"{"amount": 5, "quantity": 1, "currency": "EUR"}"#]),
        "field renamed on the wire, Swift kept": (
            [#"{"cardNumber": "4111", "status": "ACTIVE", "flavor": "VANILLA"}"#], []
        ),
        "response field made optional": ([#"{"status": "ACTIVE", "flavor": "VANILLA"}"#], []),
        "response field made nullable": ([#"{"number": null, "status": "ACTIVE", "flavor": "VANILLA"}"#], []),
        "request field made optional": ([], [#"{"quantity": 1}"#]),
        "field type changed": ([], [#"{"amount": "5", "quantity": 1}"#]),
        "closed enum case added": ([#"{"number": "4111", "status": "FROZEN", "flavor": "VANILLA"}"#], []),
        "open enum case added": ([#"{"number": "4111", "status": "ACTIVE", "flavor": "MINT"}"#], []),
        "enum value changed on the wire, Swift kept": (
            [#"{"number": "4111", "status": "SUSPENDED", "flavor": "VANILLA"}"#], []
        ),
        "union case added": (
            [
                #"{"number": "4111", "status": "ACTIVE", "flavor": "VANILLA", "pick": {"type": "voucher", "voucher": "v"}}"#
            ], []
        ),
        "union case renamed in Swift, wire kept": ([], []),
        "value rule loosened": ([], [#"{"amount": 5, "quantity": 1, "size": 500}"#]),
    ]

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
        let checks = rows.indices.map { index -> String in
            let namespace = "DiffNew.D\(index)"
            let extra = extras[rows[index].name] ?? ([], [])
            func literals(_ samples: [String]) -> String {
                "[" + samples.map { "#\"\($0)\"#" }.joined(separator: ", ") + "]"
            }
            return """
                print(
                        "D\(index)", check(\(namespace).Card.self, answers), check(\(namespace).Order.self, requests),
                        reverse(\(namespace).Card.self, Base.Card.self, \(literals(cards + extra.cards))),
                        reverse(\(namespace).Order.self, Base.Order.self, \(literals(orders + extra.orders))))
                """
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
                    /// The samples the new side accepts, as it sends them again, read by the old side; "none"
                    /// when the new side accepts no sample.
                    func reverse<New: Codable, Old: Decodable>(_ new: New.Type, _ old: Old.Type, _ samples: [String]) -> String {
                        let sent = samples.compactMap { sample in
                            (try? WireCoding.decoder().decode(new, from: Data(sample.utf8))).flatMap { try? encoder.encode($0) }
                        }
                        guard !sent.isEmpty else { return "none" }
                        return sent.allSatisfy { (try? WireCoding.decoder().decode(old, from: $0)) != nil } ? "ok" : "fail"
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
