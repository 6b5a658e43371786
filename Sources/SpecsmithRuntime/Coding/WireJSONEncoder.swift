import Foundation

/// The encoder behind ``WireCoding/encode(_:)``: the same JSON `JSONEncoder` writes with sorted
/// keys, unescaped slashes and ``WireCoding/formatDate(_:)`` dates, and with scaled decimals written
/// as bare numbers directly.
///
/// It exists because `JSONEncoder` on Linux spends most of its time in dynamic casts looking for
/// the types it treats specially; here a type is special when its metatype is, which costs a
/// comparison. Benchmarks/RESULTS.md has the figures.
///
/// A value that writes itself (a generated ``WireJSONWritable`` type) skips the tree and its
/// sorting, which otherwise dominate the cost of a small answer.
/// When writing fails (a number JSON cannot hold), the value is encoded again through the tree, so
/// the error names the coding path as `JSONEncoder`'s would.
package enum WireJSONEncoder {
    package static func encode<Value: Encodable>(_ value: Value) throws -> Data {
        if let writable = value as? any WireJSONWritable {
            if let data = try? WireJSONWriter.data(of: writable) { return data }
            return try encodeThroughTree(value)
        }
        // Not writable itself (an envelope around a payload, say): its members may be.
        return try encodeThroughTree(value, writesDirectly: true)
    }

    /// `value` through `Encodable` and the tree alone, never a ``WireJSONWritable`` conformance
    /// unless `writesDirectly`: what tests compare the conformances with.
    package static func encodeThroughTree<Value: Encodable>(_ value: Value, writesDirectly: Bool = false) throws
        -> Data
    {
        let root = WireJSONEncoding(parent: nil, key: nil, writesDirectly: writesDirectly)
        let tree = try root.box(value, forKey: nil)
        var writer = WireJSONWriter()
        writer.write(tree)
        return writer.takeData()
    }
}

/// One value being encoded. Containers write into the tree the encoding holds, so a container
/// asked for twice (a class and its superclass) adds to the same object.
///
/// An encoding knows its parent and its key rather than its whole coding path: the path is only
/// read when something fails, and building it for every value cost an array apiece.
final class WireJSONEncoding: Encoder {
    private let parent: WireJSONEncoding?
    private let key: (any CodingKey)?
    /// Whether a ``WireJSONWritable`` value writes itself; off to find a coding path, or in tests.
    private let writesDirectly: Bool
    var userInfo: [CodingUserInfoKey: Any] { [:] }
    var value: WireJSONValue?

    init(parent: WireJSONEncoding?, key: (any CodingKey)?, writesDirectly: Bool = true) {
        self.parent = parent
        self.key = key
        self.writesDirectly = writesDirectly
    }

    var codingPath: [any CodingKey] {
        var path: [any CodingKey] = []
        var encoding: WireJSONEncoding? = self
        while let current = encoding {
            if let key = current.key { path.append(key) }
            encoding = current.parent
        }
        return path.reversed()
    }

    /// The encoding of the member or item at `key`, whose value its caller writes.
    func child(_ key: (any CodingKey)?) -> WireJSONEncoding {
        key == nil
            ? WireJSONEncoding(parent: parent, key: self.key, writesDirectly: writesDirectly)
            : WireJSONEncoding(parent: self, key: key, writesDirectly: writesDirectly)
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        let object: WireJSONObject
        if case let .object(existing)? = value {
            object = existing
        } else {
            object = WireJSONObject()
            value = .object(object)
        }
        return KeyedEncodingContainer(WireJSONKeyedContainer(encoding: self, object: object))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        let array: WireJSONArray
        if case let .array(existing)? = value {
            array = existing
        } else {
            array = WireJSONArray()
            value = .array(array)
        }
        return WireJSONUnkeyedContainer(encoding: self, array: array)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        WireJSONSingleValueContainer(encoding: self)
    }

    /// `value` as JSON: the types JSON has no form for get the wire's form (dates in ISO-8601,
    /// data in Base64, URLs as their text, decimals as numbers); a ``WireJSONWritable`` value writes
    /// its own JSON; anything else encodes itself.
    func box<Value: Encodable>(_ value: Value, forKey key: (any CodingKey)?) throws -> WireJSONValue {
        if Value.self == Date.self, let date = value as? Date { return .string(WireCoding.formatDate(date)) }
        if Value.self == Data.self, let data = value as? Data { return .string(data.base64EncodedString()) }
        if Value.self == URL.self, let url = value as? URL { return .string(url.absoluteString) }
        if Value.self == Decimal.self, let decimal = value as? Decimal {
            guard decimal.isFinite else { throw Self.notANumber(decimal, at: child(key).codingPath) }
            return .literal(decimal.description)
        }
        // One that fails is encoded through the tree below, so the error carries its coding path.
        if writesDirectly, let writable = value as? any WireJSONWritable,
            let bytes = try? WireJSONWriter.json(of: writable, capacity: 128)
        {
            return .raw(bytes)
        }
        let nested = child(key)
        try value.encode(to: nested)
        return nested.value ?? .object(WireJSONObject())
    }

    /// An encoding whose value is written only once the caller has used it.
    func deferred(forKey key: any CodingKey) -> WireJSONEncoding {
        child(key)
    }

    static func number<Number: BinaryFloatingPoint & LosslessStringConvertible>(
        _ number: Number, at encoding: @autoclosure () -> WireJSONEncoding
    ) throws -> WireJSONValue {
        guard number.isFinite else { throw notANumber(number, at: encoding().codingPath) }
        let text = number.description
        // JSONEncoder writes integral values without the ".0" Swift's description adds.
        return .literal(text.hasSuffix(".0") ? String(text.dropLast(2)) : text)
    }

    static func notANumber(_ value: Any, at path: [any CodingKey]) -> EncodingError {
        .invalidValue(value, .init(codingPath: path, debugDescription: "\(value) cannot be written as a JSON number"))
    }
}
