/// A field stored out of line, so a type may hold itself: a payment whose last error embeds the
/// payment, a comment that answers a comment. Generated code puts it on the one field of each such
/// loop that closes it; the field reads, writes, compares and travels as the value it holds.
///
/// The value lives in an immutable box that a write replaces, so copies never share a change.
@propertyWrapper
public struct Indirect<Value: Sendable>: Sendable {
    /// Immutable, so sharing it between copies and threads is safe.
    private final class Box: Sendable {
        let value: Value
        init(_ value: Value) { self.value = value }
    }

    private var box: Box

    /// Stores `wrappedValue` out of line.
    public init(wrappedValue: Value) {
        box = Box(wrappedValue)
    }

    /// The value held.
    public var wrappedValue: Value {
        get { box.value }
        set { box = Box(newValue) }
    }
}

extension Indirect: Equatable where Value: Equatable {
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.box === rhs.box || lhs.wrappedValue == rhs.wrappedValue
    }
}

extension Indirect: Hashable where Value: Hashable {
    public func hash(into hasher: inout Hasher) {
        hasher.combine(wrappedValue)
    }
}

extension Indirect: Decodable where Value: Decodable {
    /// Decodes the value itself: the box is not on the wire.
    public init(from decoder: any Decoder) throws {
        self.init(wrappedValue: try Value(from: decoder))
    }
}

extension Indirect: Encodable where Value: Encodable {
    /// Encodes the value itself: the box is not on the wire.
    public func encode(to encoder: any Encoder) throws {
        try wrappedValue.encode(to: encoder)
    }
}

extension KeyedDecodingContainer {
    /// An optional field stored out of line may be absent, as any optional field may.
    public func decode<Wrapped: Decodable & Sendable>(_ type: Indirect<Wrapped?>.Type, forKey key: Key) throws
        -> Indirect<Wrapped?>
    {
        Indirect(wrappedValue: try decodeIfPresent(Wrapped.self, forKey: key))
    }
}

extension KeyedEncodingContainer {
    /// An optional field stored out of line is left out when it is `nil`, as any optional field is.
    public mutating func encode<Wrapped: Encodable & Sendable>(_ value: Indirect<Wrapped?>, forKey key: Key) throws {
        try encodeIfPresent(value.wrappedValue, forKey: key)
    }
}
