/// A member that may be absent, `null`, or a value: three answers where `Optional` has two, so a
/// PATCH can clear a field (`.null`) as well as leave it alone (`.absent`).
///
/// A spec field that is both optional and nullable (`"type": "string?", "nullable": true`) is one.
/// In a struct it travels as nothing, `null` or the value, and decodes back to the same case.
public enum Nullable<Wrapped> {
    /// Not sent, or not in the answer: leave the value as it is.
    case absent
    /// Sent as `null`: clear the value.
    case null
    /// Sent as the value.
    case value(Wrapped)

    /// `.value` for a value, `.null` for `nil`.
    public init(_ value: Wrapped?) {
        self = value.map(Nullable.value) ?? .null
    }

    /// The value, or `nil` when the member was absent or `null`.
    public var value: Wrapped? {
        if case let .value(value) = self { value } else { nil }
    }

    /// The same answer with its value transformed: absent and `null` stay as they are.
    public func map<Other>(_ transform: (Wrapped) throws -> Other) rethrows -> Nullable<Other> {
        switch self {
        case .absent: .absent
        case .null: .null
        case let .value(value): .value(try transform(value))
        }
    }

    /// Whether the member was sent or answered, as `null` or a value.
    public var isPresent: Bool {
        if case .absent = self { false } else { true }
    }
}

extension Nullable: Sendable where Wrapped: Sendable {}
extension Nullable: Equatable where Wrapped: Equatable {}
extension Nullable: Hashable where Wrapped: Hashable {}

extension Nullable: Encodable where Wrapped: Encodable {
    /// `null` or the value. A keyed container leaves an absent member out; alone, absent is `null`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .absent, .null: try container.encodeNil()
        case let .value(value): try container.encode(value)
        }
    }
}

extension Nullable: Decodable where Wrapped: Decodable {
    /// `null` or the value; a keyed container decodes a missing member as `.absent`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        self = container.decodeNil() ? .null : .value(try container.decode(Wrapped.self))
    }
}

extension KeyedEncodingContainer {
    /// Leaves an absent member out, writes `null` for `.null` and the value otherwise. Synthesized
    /// and generated `Encodable` conformances call it for every `Nullable` property.
    public mutating func encode<Wrapped: Encodable>(_ value: Nullable<Wrapped>, forKey key: Key) throws {
        switch value {
        case .absent: return
        case .null: try encodeNil(forKey: key)
        case let .value(wrapped): try encode(wrapped, forKey: key)
        }
    }
}

extension KeyedDecodingContainer {
    /// `.absent` for a missing member, `.null` for `null`, the value otherwise. Synthesized and
    /// generated `Decodable` conformances call it for every `Nullable` property.
    public func decode<Wrapped: Decodable>(_ type: Nullable<Wrapped>.Type, forKey key: Key) throws -> Nullable<Wrapped>
    {
        guard contains(key) else { return .absent }
        if try decodeNil(forKey: key) { return .null }
        return .value(try decode(Wrapped.self, forKey: key))
    }
}
