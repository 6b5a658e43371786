import Foundation

/// A spec built from the JSON Schema alone: every property of every object the schema describes,
/// and one entry per branch where the schema offers several (each kind of type, each kind of auth
/// scheme, a field as a string and as an object). It records, for every object it builds, the
/// properties and required keys the schema gives it, so a test can hold the reader against them.
struct SchemaWitness {
    /// A JSON value that keeps member order.
    indirect enum Value {
        /// An object and the index of its rule in ``rules``.
        case object([(String, Value)], rule: Int)
        case array([Value])
        case string(String)
        case number(String)
        case bool(Bool)

        var text: String {
            switch self {
            case let .object(members, _):
                "{" + members.map { "\(Self.quote($0.0)): \($0.1.text)" }.joined(separator: ",\n") + "}"
            case let .array(items): "[" + items.map(\.text).joined(separator: ", ") + "]"
            case let .string(text): Self.quote(text)
            case let .number(text): text
            case let .bool(flag): flag ? "true" : "false"
            }
        }

        static func quote(_ text: String) -> String {
            "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
        }
    }

    /// What the schema says of one object of the witness.
    struct ObjectRule {
        /// Where the object stands, for messages (`*` for an entry of a map).
        var path: [String]
        var properties: Set<String>
        var required: Set<String>
        /// Properties whose values the schema lists (`enum` or `const`), with those values.
        var enumerated: [String: [String]]
        /// Integer properties with their bounds.
        var bounds: [String: (minimum: Int?, maximum: Int?)]
    }

    let schema: [String: Any]
    private(set) var rules: [ObjectRule] = []
    private var counter = 0

    init(schema: [String: Any]) {
        self.schema = schema
    }

    /// The witness of the whole schema.
    mutating func build() -> Value {
        witnesses(of: schema, at: []).first ?? .object([], rule: -1)
    }

    private func resolve(_ node: [String: Any]) -> [String: Any] {
        guard let reference = node["$ref"] as? String, reference.hasPrefix("#/$defs/") else { return node }
        let definitions = schema["$defs"] as? [String: Any] ?? [:]
        var resolved = definitions[String(reference.dropFirst("#/$defs/".count))] as? [String: Any] ?? [:]
        for (key, value) in node where key != "$ref" { resolved[key] = value }
        return resolve(resolved)
    }

    /// One value per branch of `node`; most nodes have one.
    private mutating func witnesses(of raw: [String: Any], at path: [String]) -> [Value] {
        let node = resolve(raw)
        if let branches = node["oneOf"] as? [[String: Any]] {
            return branches.flatMap { witnesses(of: $0, at: path) }
        }
        if let parts = node["allOf"] as? [[String: Any]] {
            // `if kind is K then these properties`: one object per K.
            return parts.compactMap { part -> Value? in
                guard let then = part["then"] as? [String: Any] else { return nil }
                let condition = (part["if"] as? [String: Any])?["properties"] as? [String: Any] ?? [:]
                var merged = then
                var properties = then["properties"] as? [String: Any] ?? [:]
                for (key, value) in condition { properties[key] = value }
                merged["properties"] = properties
                merged["required"] = (node["required"] as? [String] ?? []) + (then["required"] as? [String] ?? [])
                merged["type"] = "object"
                return witnesses(of: merged, at: path).first
            }
        }
        if let constant = node["const"] { return [literal(constant)] }
        if let values = node["enum"] as? [Any], let first = values.first { return [literal(first)] }
        let type = node["type"] as? String ?? (node["type"] as? [String])?.first
        switch type {
        case "object"?: return [object(node, at: path)]
        case "array"?:
            let items = node["items"] as? [String: Any] ?? [:]
            return [.array(witnesses(of: items, at: path + ["0"]).prefix(1).map { $0 })]
        case "integer"?: return [.number(String((node["minimum"] as? Int).map { max($0, 1) } ?? 1))]
        case "number"?: return [.number("1")]
        case "boolean"?: return [.bool(true)]
        case "string"?: return [.string(node["format"] as? String == "uri" ? "https://example.com" : "W0")]
        default: return [.string("W0")]
        }
    }

    private mutating func object(_ node: [String: Any], at path: [String]) -> Value {
        var members: [(String, Value)] = []
        let properties = node["properties"] as? [String: Any] ?? [:]
        var enumerated: [String: [String]] = [:]
        var bounds: [String: (minimum: Int?, maximum: Int?)] = [:]
        for key in properties.keys.sorted() {
            guard let property = properties[key] as? [String: Any] else { continue }
            let resolved = resolve(property)
            if let values = resolved["enum"] as? [String] { enumerated[key] = values }
            if let value = resolved["const"] as? String { enumerated[key] = [value] }
            if resolved["type"] as? String == "integer" {
                bounds[key] = (resolved["minimum"] as? Int, resolved["maximum"] as? Int)
            }
            if let value = witnesses(of: property, at: path + [key]).first { members.append((key, value)) }
        }
        if let entries = node["additionalProperties"] as? [String: Any] {
            for value in witnesses(of: entries, at: path + ["*"]) {
                counter += 1
                members.append(("W\(counter)", value))
            }
        }
        rules.append(
            ObjectRule(
                path: path, properties: Set(properties.keys), required: Set(node["required"] as? [String] ?? []),
                enumerated: enumerated, bounds: bounds))
        return .object(members, rule: rules.count - 1)
    }

    private func literal(_ value: Any) -> Value {
        switch value {
        case let text as String: .string(text)
        case let flag as Bool: .bool(flag)
        case let number as Int: .number(String(number))
        default: .string("W0")
        }
    }
}
