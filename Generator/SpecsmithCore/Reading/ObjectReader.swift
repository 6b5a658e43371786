import SpecsmithRuntime

/// Reads one JSON object of a spec key by key, reporting wrong kinds and, at the end, every key
/// it was not asked for (a typo such as `"optinal"` is an error, not ignored).
struct ObjectReader {
    let node: JSONNode
    let what: String
    private(set) var members: [JSONNode.Member]
    private var read: Set<String> = []
    /// Whether `$schema` (the editor's pointer to the JSON Schema) may stand here: at the root only.
    var acceptsSchemaReference = false

    /// Starts reading `node` as an object; reports and returns `nil` when it is another kind.
    init?(_ node: JSONNode, what: String, diagnostics: inout Diagnostics) {
        guard let members = node.members else {
            diagnostics.error("\(what) must be an object, not \(node.kindName)", at: node.location)
            return nil
        }
        self.node = node
        self.what = what
        self.members = members
        var seen: [String: SourcePosition] = [:]
        for member in members {
            if let first = seen[member.key] {
                diagnostics.error(
                    "duplicate key \"\(member.key)\" in \(what)", at: member.keyLocation,
                    note: "first written at \(first); keep one")
            } else {
                seen[member.key] = member.keyLocation
            }
        }
    }

    mutating func member(_ key: String) -> JSONNode.Member? {
        read.insert(key)
        return members.first { $0.key == key }
    }

    mutating func value(_ key: String) -> JSONNode? { member(key)?.value }

    mutating func string(_ key: String, diagnostics: inout Diagnostics) -> (String, SourcePosition)? {
        guard let node = value(key) else { return nil }
        guard let text = node.string else {
            diagnostics.error("\"\(key)\" in \(what) must be a string, not \(node.kindName)", at: node.location)
            return nil
        }
        return (text, node.location)
    }

    mutating func requiredString(_ key: String, diagnostics: inout Diagnostics) -> (String, SourcePosition)? {
        if members.contains(where: { $0.key == key }) { return string(key, diagnostics: &diagnostics) }
        read.insert(key)
        diagnostics.error("\(what) is missing the required key \"\(key)\"", at: node.location)
        return nil
    }

    mutating func bool(_ key: String, diagnostics: inout Diagnostics) -> Bool? {
        guard let node = value(key) else { return nil }
        guard case let .bool(flag) = node.value else {
            diagnostics.error("\"\(key)\" in \(what) must be a boolean, not \(node.kindName)", at: node.location)
            return nil
        }
        return flag
    }

    mutating func int(_ key: String, diagnostics: inout Diagnostics) -> (Int, SourcePosition)? {
        guard let node = value(key) else { return nil }
        guard case let .number(text) = node.value, let number = Int(text) else {
            diagnostics.error("\"\(key)\" in \(what) must be a whole number, not \(node.kindName)", at: node.location)
            return nil
        }
        return (number, node.location)
    }

    /// An error code: a whole number, or a string that is not empty and has no control characters.
    mutating func errorCode(_ key: String, diagnostics: inout Diagnostics) -> (ErrorCodeValue, SourcePosition)? {
        guard let node = value(key) else { return nil }
        switch node.value {
        case let .number(text):
            if let number = Int(text) { return (.number(number), node.location) }
        case let .string(text):
            if !text.isEmpty, !text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
                return (.text(text), node.location)
            }
            diagnostics.error(
                "\"\(key)\" in \(what) must not be empty or hold control characters", at: node.location)
            return nil
        default: break
        }
        diagnostics.error(
            "\"\(key)\" in \(what) must be a whole number or a string, not \(node.kindName)", at: node.location)
        return nil
    }

    mutating func object(_ key: String, diagnostics: inout Diagnostics) -> JSONNode? {
        guard let node = value(key) else { return nil }
        guard node.members != nil else {
            diagnostics.error("\"\(key)\" in \(what) must be an object, not \(node.kindName)", at: node.location)
            return nil
        }
        return node
    }

    mutating func array(_ key: String, diagnostics: inout Diagnostics) -> [JSONNode]? {
        guard let node = value(key) else { return nil }
        guard let elements = node.elements else {
            diagnostics.error("\"\(key)\" in \(what) must be an array, not \(node.kindName)", at: node.location)
            return nil
        }
        return elements
    }

    /// Strings of an array, reporting each element of another kind.
    mutating func strings(_ key: String, diagnostics: inout Diagnostics) -> [(String, SourcePosition)]? {
        guard let elements = array(key, diagnostics: &diagnostics) else { return nil }
        return elements.compactMap { element in
            guard let text = element.string else {
                diagnostics.error(
                    "elements of \"\(key)\" in \(what) must be strings, not \(element.kindName)", at: element.location)
                return nil
            }
            return (text, element.location)
        }
    }

    /// Reports every member that no call asked for, suggesting the closest known key, and notes
    /// in `keys` the keys this object may have (those asked for), under the object's position.
    func finish(diagnostics: inout Diagnostics, keys: inout [SourcePosition: Set<String>]) {
        keys[node.location, default: []].formUnion(acceptsSchemaReference ? read.union(["$schema"]) : read)
        for member in members where !read.contains(member.key) && !(acceptsSchemaReference && member.key == "$schema") {
            let suggestion = closestMatch(to: member.key, in: read.sorted())
            diagnostics.error(
                "unknown key \"\(member.key)\" in \(what)", at: member.keyLocation,
                note: suggestion.map { "did you mean \"\($0)\"?" }
                    ?? "known keys: \(read.sorted().joined(separator: ", "))")
        }
    }
}
