import Foundation

/// The members of one object. The scalar overloads are what synthesised `Codable` calls for
/// `String`, `Int` and `Bool` properties, so they skip ``WireJSONEncoding/box(_:forKey:)``.
struct WireJSONKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoding: WireJSONEncoding
    let object: WireJSONObject
    var codingPath: [any CodingKey] { encoding.codingPath }

    private func add(_ value: WireJSONValue, _ key: Key) {
        object.members.append((key.stringValue, value))
    }

    mutating func encodeNil(forKey key: Key) throws { add(.literal("null"), key) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { add(.literal(value ? "true" : "false"), key) }
    mutating func encode(_ value: String, forKey key: Key) throws { add(.string(value), key) }
    mutating func encode(_ value: Double, forKey key: Key) throws {
        add(try WireJSONEncoding.number(value, at: encoding.child(key)), key)
    }
    mutating func encode(_ value: Float, forKey key: Key) throws {
        add(try WireJSONEncoding.number(value, at: encoding.child(key)), key)
    }
    mutating func encode(_ value: Int, forKey key: Key) throws { add(.literal(String(value)), key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { add(.literal(String(value)), key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { add(.literal(String(value)), key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { add(.literal(String(value)), key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { add(.literal(String(value)), key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { add(.literal(String(value)), key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { add(.literal(String(value)), key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { add(.literal(String(value)), key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { add(.literal(String(value)), key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { add(.literal(String(value)), key) }
    mutating func encode<Value: Encodable>(_ value: Value, forKey key: Key) throws {
        add(try encoding.box(value, forKey: key), key)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        let nested = WireJSONObject()
        add(.object(nested), key)
        return KeyedEncodingContainer(
            WireJSONKeyedContainer<NestedKey>(encoding: encoding.child(key), object: nested))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let nested = WireJSONArray()
        add(.array(nested), key)
        return WireJSONUnkeyedContainer(encoding: encoding.child(key), array: nested)
    }

    mutating func superEncoder() -> any Encoder {
        let key = AnyCodingKey("super")
        let later = encoding.deferred(forKey: key)
        object.members.append((key.stringValue, .deferred(later)))
        return later
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        let later = encoding.deferred(forKey: key)
        add(.deferred(later), key)
        return later
    }
}

/// The items of one array.
struct WireJSONUnkeyedContainer: UnkeyedEncodingContainer {
    let encoding: WireJSONEncoding
    let array: WireJSONArray
    var codingPath: [any CodingKey] { encoding.codingPath }
    var count: Int { array.items.count }

    private var nextKey: AnyCodingKey { AnyCodingKey(intValue: array.items.count) ?? AnyCodingKey("") }

    mutating func encodeNil() throws { array.items.append(.literal("null")) }
    mutating func encode(_ value: Bool) throws { array.items.append(.literal(value ? "true" : "false")) }
    mutating func encode(_ value: String) throws { array.items.append(.string(value)) }
    mutating func encode(_ value: Double) throws {
        array.items.append(try WireJSONEncoding.number(value, at: encoding.child(nextKey)))
    }
    mutating func encode(_ value: Float) throws {
        array.items.append(try WireJSONEncoding.number(value, at: encoding.child(nextKey)))
    }
    mutating func encode(_ value: Int) throws { array.items.append(.literal(String(value))) }
    mutating func encode(_ value: Int8) throws { array.items.append(.literal(String(value))) }
    mutating func encode(_ value: Int16) throws { array.items.append(.literal(String(value))) }
    mutating func encode(_ value: Int32) throws { array.items.append(.literal(String(value))) }
    mutating func encode(_ value: Int64) throws { array.items.append(.literal(String(value))) }
    mutating func encode(_ value: UInt) throws { array.items.append(.literal(String(value))) }
    mutating func encode(_ value: UInt8) throws { array.items.append(.literal(String(value))) }
    mutating func encode(_ value: UInt16) throws { array.items.append(.literal(String(value))) }
    mutating func encode(_ value: UInt32) throws { array.items.append(.literal(String(value))) }
    mutating func encode(_ value: UInt64) throws { array.items.append(.literal(String(value))) }
    mutating func encode<Value: Encodable>(_ value: Value) throws {
        array.items.append(try encoding.box(value, forKey: nextKey))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
        -> KeyedEncodingContainer<NestedKey>
    {
        let nested = WireJSONObject()
        let child = encoding.child(nextKey)
        array.items.append(.object(nested))
        return KeyedEncodingContainer(WireJSONKeyedContainer<NestedKey>(encoding: child, object: nested))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let nested = WireJSONArray()
        let child = encoding.child(nextKey)
        array.items.append(.array(nested))
        return WireJSONUnkeyedContainer(encoding: child, array: nested)
    }

    mutating func superEncoder() -> any Encoder {
        let later = encoding.deferred(forKey: nextKey)
        array.items.append(.deferred(later))
        return later
    }
}

/// A single value: it replaces whatever the encoding held.
struct WireJSONSingleValueContainer: SingleValueEncodingContainer {
    let encoding: WireJSONEncoding
    var codingPath: [any CodingKey] { encoding.codingPath }

    mutating func encodeNil() throws { encoding.value = .literal("null") }
    mutating func encode(_ value: Bool) throws { encoding.value = .literal(value ? "true" : "false") }
    mutating func encode(_ value: String) throws { encoding.value = .string(value) }
    mutating func encode(_ value: Double) throws { encoding.value = try WireJSONEncoding.number(value, at: encoding) }
    mutating func encode(_ value: Float) throws { encoding.value = try WireJSONEncoding.number(value, at: encoding) }
    mutating func encode(_ value: Int) throws { encoding.value = .literal(String(value)) }
    mutating func encode(_ value: Int8) throws { encoding.value = .literal(String(value)) }
    mutating func encode(_ value: Int16) throws { encoding.value = .literal(String(value)) }
    mutating func encode(_ value: Int32) throws { encoding.value = .literal(String(value)) }
    mutating func encode(_ value: Int64) throws { encoding.value = .literal(String(value)) }
    mutating func encode(_ value: UInt) throws { encoding.value = .literal(String(value)) }
    mutating func encode(_ value: UInt8) throws { encoding.value = .literal(String(value)) }
    mutating func encode(_ value: UInt16) throws { encoding.value = .literal(String(value)) }
    mutating func encode(_ value: UInt32) throws { encoding.value = .literal(String(value)) }
    mutating func encode(_ value: UInt64) throws { encoding.value = .literal(String(value)) }
    mutating func encode<Value: Encodable>(_ value: Value) throws {
        encoding.value = try encoding.box(value, forKey: nil)
    }
}
