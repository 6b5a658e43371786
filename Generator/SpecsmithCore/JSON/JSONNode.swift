/// A JSON value that remembers where it stood in its file.
///
/// The spec is the user's source code: every value keeps its line and column so that a
/// diagnostic about it can point at it. Objects keep their members in file order, because
/// generated output follows the spec's order.
public struct JSONNode: Sendable, Hashable {
    /// One member of an object: its key, where the key stands, and its value.
    public struct Member: Sendable, Hashable {
        public var key: String
        public var keyLocation: SourcePosition
        public var value: JSONNode

        public init(key: String, keyLocation: SourcePosition, value: JSONNode) {
            self.key = key
            self.keyLocation = keyLocation
            self.value = value
        }
    }

    /// The kinds of JSON value. Numbers keep their source text so nothing is lost to binary floating point.
    public enum Value: Sendable, Hashable {
        case object([Member])
        case array([JSONNode])
        case string(String)
        case number(String)
        case bool(Bool)
        case null
    }

    public var value: Value
    public var location: SourcePosition

    public init(_ value: Value, at location: SourcePosition) {
        self.value = value
        self.location = location
    }

    /// The name of this value's JSON kind, as diagnostics say it.
    public var kindName: String {
        switch value {
        case .object: "an object"
        case .array: "an array"
        case .string: "a string"
        case .number: "a number"
        case .bool: "a boolean"
        case .null: "null"
        }
    }

    public var members: [Member]? {
        if case let .object(members) = value { members } else { nil }
    }

    public var elements: [JSONNode]? {
        if case let .array(elements) = value { elements } else { nil }
    }

    public var string: String? {
        if case let .string(text) = value { text } else { nil }
    }

    /// The member with `key`, if this is an object that has one.
    public subscript(key: String) -> JSONNode? {
        members?.first { $0.key == key }?.value
    }
}
