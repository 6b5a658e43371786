import Foundation
import SpecsmithCore
import SpecsmithGenerator

/// Whether a refused name that compiles would still have changed what generated code means: the
/// code generated with the name replaced by a fresh one spells the name itself, so in the original
/// the spec's declaration hides what generated code meant (a type `Data` beside a `bytes` field
/// compiles, and the field is no longer bytes). Lint is right to refuse such a name.
enum Shadowing {
    static let fresh = "Zq9Fresh"

    static func hidesGeneratedName(_ name: String, in json: DraftJSON) -> Bool {
        let renamed = rename(json, name)
        guard case let .clean(resolved) = LintCompilesProperty.lint(renamed, risky: nil) else { return false }
        let files = SpecsmithGenerator().generate(resolved, specPath: "drawn.json")
        return files.filter { [.sdk, .mock, .backend].contains($0.module) }.contains { spells(name, in: $0.contents) }
    }

    /// Whether `name` is a word of the code in `text`, comments and string literals aside.
    static func spells(_ name: String, in text: String) -> Bool {
        let code = text.split(separator: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }
            .joined(separator: "\n").replacingOccurrences(
                of: #""([^"\\]|\\.)*""#, with: "\"\"", options: .regularExpression)
        return code.range(of: word(name), options: .regularExpression) != nil
    }

    private static func word(_ name: String) -> String {
        "(?<![A-Za-z0-9_])" + NSRegularExpression.escapedPattern(for: name) + "(?![A-Za-z0-9_])"
    }

    /// `json` with `name` replaced by a fresh identifier in every key and every name or type
    /// reference; values of keys that list fixed words (`kind`, `in`, `method`) stay.
    static func rename(_ json: DraftJSON, _ name: String) -> DraftJSON {
        let fixed: Set<String> = ["kind", "in", "method", "base", "category", "clientAccess", "doc", "message"]
        func replace(_ text: String) -> String {
            text.replacingOccurrences(of: word(name), with: fresh, options: .regularExpression)
        }
        func walk(_ value: DraftJSON, under key: String?) -> DraftJSON {
            switch value {
            case let .object(members):
                return .object(members.map { (replace($0.key), walk($0.value, under: $0.key)) })
            case let .array(items): return .array(items.map { walk($0, under: key) })
            case let .string(text): return key.map(fixed.contains) == true ? value : .string(replace(text))
            default: return value
            }
        }
        return walk(json, under: nil)
    }
}
