import Foundation
import SpecsmithCore
import Testing

/// The JSON Schema editors check specs with and lint agree on every key: a spec built from the
/// schema (every property of every object, every branch) is read without an unknown key, every key
/// the reader knows is in the schema, and lint enforces what the schema states of those keys:
/// required keys, listed values and integer bounds.
@Suite struct SchemaAgreementTests {
    typealias Value = SchemaWitness.Value

    /// The witness of `Spec/specsmith.schema.json`, its rules, and its objects as parsed.
    struct Fixture {
        var witness: SchemaWitness
        var value: Value
        var root: JSONNode
        /// Each object of the witness: its rule, where it stands, and the member indices leading to it.
        var objects: [(rule: SchemaWitness.ObjectRule, node: JSONNode, indices: [Int])]
    }

    static func fixture() throws -> Fixture {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(
                "Spec/specsmith.schema.json")
        let schema = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        var witness = SchemaWitness(schema: schema)
        let value = witness.build()
        let root = try JSONParser.parse(value.text)
        var objects: [(SchemaWitness.ObjectRule, JSONNode, [Int])] = []
        func walk(_ value: Value, _ node: JSONNode, _ indices: [Int]) {
            switch (value, node.value) {
            case let (.object(members, rule), .object(nodes)):
                if witness.rules.indices.contains(rule) { objects.append((witness.rules[rule], node, indices)) }
                for (index, pair) in zip(members, nodes).enumerated() {
                    walk(pair.0.1, pair.1.value, indices + [index])
                }
            case let (.array(items), .array(nodes)):
                for (index, pair) in zip(items, nodes).enumerated() { walk(pair.0, pair.1, indices + [index]) }
            default: break
            }
        }
        walk(value, root, [])
        return Fixture(witness: witness, value: value, root: root, objects: objects)
    }

    static func errors(_ value: Value) -> [Diagnostic] {
        SpecLoader.load(text: value.text, path: "witness.json").diagnostics.all.filter { $0.severity == .error }
    }

    @Test func theWitnessHasEveryKindOfObject() throws {
        let fixture = try Self.fixture()
        // The spec, the service, hosts, environments, two auth kinds, envelopes, four type kinds,
        // fields, cases, constants, endpoints, parameters, examples, OTPs, variants, errors.
        #expect(fixture.objects.count >= 25, "\(fixture.objects.count) objects")
    }

    @Test func theReaderKnowsEveryKeyTheSchemaHas() throws {
        let unknown = Self.errors(try Self.fixture().value).filter { $0.message.hasPrefix("unknown key") }
        #expect(unknown.isEmpty, "\(unknown.map { $0.rendered(file: "witness.json") }.joined(separator: "\n"))")
    }

    @Test func theSchemaHasEveryKeyTheReaderKnows() throws {
        let fixture = try Self.fixture()
        let known = SpecReader.keysKnown(in: fixture.value.text)
        var described: Set<SourcePosition> = []
        for (rule, node, _) in fixture.objects {
            described.insert(node.location)
            let extra = (known[node.location] ?? []).subtracting(rule.properties)
            #expect(extra.isEmpty, "at \(rule.path.joined(separator: "/")): the schema lacks \(extra.sorted())")
        }
        for position in Set(known.keys).subtracting(described) {
            Issue.record("the reader reads an object at \(position) that the schema gives no properties")
        }
    }

    @Test func lintRequiresWhatTheSchemaRequiresAndNothingMore() throws {
        let fixture = try Self.fixture()
        for (rule, node, indices) in fixture.objects {
            for (offset, member) in (node.members ?? []).enumerated() where rule.properties.contains(member.key) {
                let errors = Self.errors(fixture.value.removing(indices + [offset]))
                let missing = errors.filter { $0.message.contains("missing the required key \"\(member.key)\"") }
                let at = "\(rule.path.joined(separator: "/"))/\(member.key)"
                if rule.required.contains(member.key) {
                    #expect(
                        missing.contains { $0.location == node.location }, "\(at): required, but lint lets it go")
                } else {
                    #expect(missing.isEmpty, "\(at): optional, but lint requires it")
                }
            }
        }
    }

    @Test func lintAcceptsEveryListedValueAndNoOther() throws {
        let fixture = try Self.fixture()
        for (rule, node, indices) in fixture.objects {
            for (offset, member) in (node.members ?? []).enumerated() {
                guard let values = rule.enumerated[member.key] else { continue }
                let at = "\(rule.path.joined(separator: "/"))/\(member.key)"
                for value in values {
                    let errors = Self.errors(fixture.value.replacing(indices + [offset], with: .string(value)))
                    #expect(
                        !errors.contains { $0.location == member.value.location }, "\(at): lint refuses \"\(value)\"")
                }
                let errors = Self.errors(fixture.value.replacing(indices + [offset], with: .string("bogus")))
                #expect(errors.contains { $0.location == member.value.location }, "\(at): lint accepts \"bogus\"")
            }
        }
    }

    @Test func lintKeepsTheSchemasIntegerBounds() throws {
        let fixture = try Self.fixture()
        for (rule, node, indices) in fixture.objects {
            for (offset, member) in (node.members ?? []).enumerated() {
                guard let bounds = rule.bounds[member.key] else { continue }
                let at = "\(rule.path.joined(separator: "/"))/\(member.key)"
                // Other keys of the witness may make lint refuse any value here (a scale on a string
                // value type): a bound holds when the value just outside adds an error the one
                // just inside does not have.
                let errorsHere = { (value: Int) in
                    Self.errors(fixture.value.replacing(indices + [offset], with: .number(String(value))))
                        .filter { $0.location == member.value.location }.count
                }
                for (inside, outside) in [
                    bounds.minimum.map { ($0, $0 - 1) }, bounds.maximum.map { ($0, $0 + 1) },
                ].compactMap({ $0 }) {
                    #expect(errorsHere(outside) > errorsHere(inside), "\(at): lint accepts \(outside)")
                    #expect(errorsHere(inside) <= errorsHere(1), "\(at): lint refuses \(inside)")
                }
            }
        }
    }
}

extension SchemaWitness.Value {
    /// The value with the member or element at `indices` removed.
    func removing(_ indices: [Int]) -> Self {
        updating(indices) { _ in nil }
    }

    /// The value with the member or element at `indices` replaced.
    func replacing(_ indices: [Int], with value: Self) -> Self {
        updating(indices) { _ in value }
    }

    private func updating(_ indices: [Int], _ transform: (Self) -> Self?) -> Self {
        guard let first = indices.first else { return transform(self) ?? self }
        let rest = Array(indices.dropFirst())
        switch self {
        case .object(var members, let rule):
            guard members.indices.contains(first) else { return self }
            if rest.isEmpty {
                if let value = transform(members[first].1) {
                    members[first].1 = value
                } else {
                    members.remove(at: first)
                }
            } else {
                members[first].1 = members[first].1.updating(rest, transform)
            }
            return .object(members, rule: rule)
        case var .array(items):
            guard items.indices.contains(first) else { return self }
            if rest.isEmpty {
                if let value = transform(items[first]) { items[first] = value } else { items.remove(at: first) }
            } else {
                items[first] = items[first].updating(rest, transform)
            }
            return .array(items)
        default:
            return self
        }
    }
}
