/// How a service spells a field on the wire when the field does not say (`"wire"`): the service-wide
/// policy, so a `snake_case` API is written once instead of `wire` on every field.
public enum WireNaming: String, Sendable, CaseIterable {
    /// The wire name is the Swift name (the default).
    case camelCase
    /// `placedAt` travels as `placed_at`, `codeID` as `code_id`, `htmlURL` as `html_url`.
    case snakeCase = "snake_case"

    /// The wire name of a field whose Swift name is `name`.
    public func wireName(for name: String) -> String {
        switch self {
        case .camelCase: return name
        case .snakeCase: return Self.snakeCased(name)
        }
    }

    /// A word starts at an upper-case letter after a lower-case letter or digit, and at the last
    /// capital of a run followed by a lower-case letter (`URLPath` is `url_path`).
    static func snakeCased(_ name: String) -> String {
        let characters = Array(name)
        var result = ""
        for (index, character) in characters.enumerated() {
            if character.isUppercase, index > 0 {
                let previous = characters[index - 1]
                let next = index + 1 < characters.count ? characters[index + 1] : nil
                let startsWord =
                    previous.isLowercase || previous.isNumber
                    || (previous.isUppercase && next?.isLowercase == true)
                if startsWord, previous != "_" { result.append("_") }
            }
            result += character.lowercased()
        }
        return result
    }
}
