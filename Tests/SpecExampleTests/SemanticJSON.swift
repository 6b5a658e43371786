import Foundation
import SpecsmithCore
import Testing

/// Compares JSON by meaning: member order does not matter, an absent member equals `null`,
/// numbers compare as exact decimals (`100.00` is `100`), and UUIDs ignore letter case.
enum SemanticJSON {
    /// Where two values first differ, or `nil` when they mean the same.
    static func difference(_ a: JSONNode, _ b: JSONNode, path: String = "$") -> String? {
        switch (a.value, b.value) {
        case let (.object(left), .object(right)):
            let keys = Set(left.map(\.key)).union(right.map(\.key)).sorted()
            for key in keys {
                let l = left.first { $0.key == key }?.value ?? JSONNode(.null, at: a.location)
                let r = right.first { $0.key == key }?.value ?? JSONNode(.null, at: b.location)
                if let found = difference(l, r, path: "\(path).\(key)") { return found }
            }
            return nil
        case let (.array(left), .array(right)):
            guard left.count == right.count else { return "\(path): \(left.count) elements became \(right.count)" }
            for (index, pair) in zip(left, right).enumerated() {
                if let found = difference(pair.0, pair.1, path: "\(path)[\(index)]") { return found }
            }
            return nil
        case let (.number(left), .number(right)):
            return Decimal(string: left) == Decimal(string: right) ? nil : "\(path): \(left) became \(right)"
        case let (.string(left), .string(right)):
            if left == right || (UUID(uuidString: left) != nil && left.lowercased() == right.lowercased()) {
                return nil
            }
            return "\(path): \"\(left)\" became \"\(right)\""
        default:
            return a.value == b.value ? nil : "\(path): \(a.kindName) became \(b.kindName)"
        }
    }
}

@Suite struct SemanticJSONTests {
    @Test func orderAndNumberSpellingDoNotMatter() throws {
        let a = try JSONParser.parse(#"{"a": 100.00, "b": [1, 2]}"#)
        let b = try JSONParser.parse(#"{"b": [1, 2.0], "a": 100}"#)
        #expect(SemanticJSON.difference(a, b) == nil)
    }

    @Test func realDifferencesAreFound() throws {
        #expect(
            SemanticJSON.difference(
                try JSONParser.parse(#"{"a": 0.1}"#), try JSONParser.parse(#"{"a": 0.10000000000000001}"#))
                == "$.a: 0.1 became 0.10000000000000001")
        #expect(
            SemanticJSON.difference(try JSONParser.parse(#"{"a": "x"}"#), try JSONParser.parse(#"{}"#))
                == "$.a: a string became null")
    }
}
