/// Replaces the sensitive values of a JSON body by `<redacted>`, so a printed request never shows
/// one in clear.
///
/// Paths are the resolved spec's wire paths: keys joined by `.`, `[]` stepping into every element
/// of an array and `{}` into every value of a map (`cards[].number`, `{}.secret`).
public struct SensitiveRedaction: Sendable {
    private enum Step: Hashable {
        case key(String)
        case elements
        case values
    }

    private let paths: [[Step]]

    /// A redaction of the values at `paths`.
    public init(paths: [String]) {
        self.paths = paths.map(Self.steps)
    }

    /// `node` with every value at one of the paths replaced by the string `<redacted>`.
    public func redacting(_ node: JSONNode) -> JSONNode {
        paths.reduce(node) { redacted, path in Self.redact(redacted, along: path[...]) }
    }

    private static func redact(_ node: JSONNode, along path: ArraySlice<Step>) -> JSONNode {
        guard let step = path.first else {
            return JSONNode(.string(ProbeRequest.redacted), at: node.location)
        }
        let rest = path.dropFirst()
        var result = node
        switch (step, node.value) {
        case let (.key(key), .object(members)):
            result.value = .object(members.map { $0.key == key ? redactedMember($0, along: rest) : $0 })
        case let (.values, .object(members)):
            result.value = .object(members.map { redactedMember($0, along: rest) })
        case let (.elements, .array(items)):
            result.value = .array(items.map { redact($0, along: rest) })
        default:
            break
        }
        return result
    }

    private static func redactedMember(_ member: JSONNode.Member, along path: ArraySlice<Step>) -> JSONNode.Member {
        var member = member
        member.value = redact(member.value, along: path)
        return member
    }

    private static func steps(_ path: String) -> [Step] {
        var steps: [Step] = []
        var key = ""
        var characters = path[...]
        func flush() {
            if !key.isEmpty { steps.append(.key(key)) }
            key = ""
        }
        while let character = characters.first {
            if characters.hasPrefix("[]") || characters.hasPrefix("{}") {
                flush()
                steps.append(character == "[" ? .elements : .values)
                characters = characters.dropFirst(2)
                continue
            }
            if character == "." { flush() } else { key.append(character) }
            characters = characters.dropFirst()
        }
        flush()
        return steps
    }
}
