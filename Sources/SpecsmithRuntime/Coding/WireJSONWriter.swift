import Foundation

/// Writes UTF-8 JSON as the wire encoder does: keys sorted by their UTF-8 bytes, slashes unescaped,
/// control characters escaped; byte for byte what `JSONEncoder` writes with
/// `[.sortedKeys, .withoutEscapingSlashes]`.
///
/// Two ways in. ``write(_:)`` writes a tree ``WireJSONEncoder`` built through `Encodable`. The
/// streaming calls (``beginObject()``, ``member(_:_:)`` and the rest) are what a generated
/// ``WireJSONWritable`` conformance calls: it knows its keys in order when it is generated, so its
/// value goes straight to bytes, with no tree, no sorting and no dynamic casts.
///
/// The bytes go into memory the writer owns alone and frees when it ends: it cannot be copied, so an
/// append is a bounds check and a store, with none of an array's checks for a shared buffer, which
/// are a large part of writing a small answer.
@_spi(Generated) public struct WireJSONWriter: ~Copyable {
    private var base: UnsafeMutablePointer<UInt8>
    private var count = 0
    private var capacity: Int
    /// A value has just ended, so the next key or array item needs a comma first.
    private var afterValue = false

    /// An empty writer with room for `capacity` bytes: most answers fit the default, so the bytes
    /// are not copied to a bigger buffer while they are written.
    public init(capacity: Int = 2048) {
        self.capacity = max(16, capacity)
        base = .allocate(capacity: self.capacity)
    }

    deinit {
        base.deallocate()
    }

    /// The JSON written so far.
    public var bytes: [UInt8] { Array(UnsafeBufferPointer(start: base, count: count)) }

    /// The JSON written, as `Data` that takes the writer's memory over instead of copying it.
    public consuming func takeData() -> Data {
        let data = Data(bytesNoCopy: base, count: count, deallocator: .custom { bytes, _ in bytes.deallocate() })
        discard self
        return data
    }

    /// Whether key `left` goes before key `right` on the wire: by their UTF-8 bytes, as
    /// `JSONEncoder`'s `.sortedKeys` orders them. Generated conformances are sorted by it when they
    /// are generated.
    public static func inKeyOrder(_ left: String, _ right: String) -> Bool {
        left.utf8.lexicographicallyPrecedes(right.utf8)
    }

    /// What `value` writes, as bytes.
    /// - Throws: What its conformance throws (a number JSON cannot hold).
    package static func json(of value: any WireJSONWritable, capacity: Int = 2048) throws -> [UInt8] {
        var writer = WireJSONWriter(capacity: capacity)
        try value.writeJSON(to: &writer)
        return writer.bytes
    }

    /// What `value` writes, as `Data`: one copy fewer than ``json(of:capacity:)``.
    package static func data(of value: any WireJSONWritable) throws -> Data {
        var writer = WireJSONWriter()
        try value.writeJSON(to: &writer)
        return writer.takeData()
    }

    // MARK: - Streaming

    /// Starts an object; members follow, then ``endObject()``.
    public mutating func beginObject() {
        separate()
        append(UInt8(ascii: "{"))
        afterValue = false
    }

    public mutating func endObject() {
        append(UInt8(ascii: "}"))
        afterValue = true
    }

    /// Starts an array; items follow, then ``endArray()``.
    public mutating func beginArray() {
        separate()
        append(UInt8(ascii: "["))
        afterValue = false
    }

    public mutating func endArray() {
        append(UInt8(ascii: "]"))
        afterValue = true
    }

    /// A member's key; its value follows. Keys must come in UTF-8 order, once each: generated code
    /// sorts them when it is generated.
    public mutating func key(_ key: StaticString) {
        separate()
        key.withUTF8Buffer { appendQuoted($0) }
        append(UInt8(ascii: ":"))
        afterValue = false
    }

    /// A key known only at run time, such as a dictionary's.
    public mutating func key(_ key: String) {
        separate()
        appendQuoted(key)
        append(UInt8(ascii: ":"))
        afterValue = false
    }

    /// A string value, escaped.
    public mutating func string(_ text: String) {
        separate()
        appendQuoted(text)
        afterValue = true
    }

    /// A date as ``WireCoding/formatDate(_:)`` writes it, with no string between.
    public mutating func date(_ date: Date) {
        let written = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: WireCoding.dateTextCapacity) { text in
            guard let count = WireCoding.formatDate(date, into: text) else { return false }
            separate()
            appendQuoted(UnsafeBufferPointer(rebasing: text[..<count]))
            afterValue = true
            return true
        }
        if !written { string(WireCoding.formatDate(date)) }
    }

    /// A number, `true`, `false` or `null`, written as it is.
    public mutating func literal(_ text: String) {
        separate()
        append(text)
        afterValue = true
    }

    /// A decimal with exactly `scale` digits after the point, as ``WireCoding/encodeDecimal(_:scale:to:)``
    /// writes it.
    /// - Throws: `EncodingError.invalidValue` for NaN.
    public mutating func decimal(_ value: Decimal, scale: Int) throws {
        guard value.isFinite else { throw WireJSONEncoding.notANumber(value, at: []) }
        literal(value.text(scale: scale))
    }

    /// `value`, written by itself.
    public mutating func value<Value: WireJSONWritable>(_ value: Value) throws {
        try value.writeJSON(to: &self)
    }

    /// A value that does not write itself, encoded through `Encodable` as ``WireJSONEncoder`` does.
    public mutating func value<Value: Encodable>(_ value: Value) throws {
        write(try WireJSONEncoding(parent: nil, key: nil).box(value, forKey: nil))
    }

    /// A member: `key` and `value`.
    public mutating func member<Value: WireJSONWritable>(_ key: StaticString, _ value: Value) throws {
        self.key(key)
        try value.writeJSON(to: &self)
    }

    /// A member whose value does not write itself.
    public mutating func member<Value: Encodable>(_ key: StaticString, _ value: Value) throws {
        self.key(key)
        try self.value(value)
    }

    /// A member left out when `value` is `nil`, as `encodeIfPresent` leaves it.
    public mutating func member<Value: WireJSONWritable>(_ key: StaticString, ifPresent value: Value?) throws {
        guard let value else { return }
        try member(key, value)
    }

    public mutating func member<Value: Encodable>(_ key: StaticString, ifPresent value: Value?) throws {
        guard let value else { return }
        try member(key, value)
    }

    /// A member left out when absent, `null` when null.
    public mutating func member<Value: WireJSONWritable>(_ key: StaticString, nullable value: Nullable<Value>) throws {
        switch value {
        case .absent: return
        case .null: member(key, null: ())
        case let .value(wrapped): try member(key, wrapped)
        }
    }

    public mutating func member<Value: Encodable>(_ key: StaticString, nullable value: Nullable<Value>) throws {
        switch value {
        case .absent: return
        case .null: member(key, null: ())
        case let .value(wrapped): try member(key, wrapped)
        }
    }

    private mutating func member(_ key: StaticString, null: Void) {
        self.key(key)
        literal("null")
    }

    // MARK: - Trees

    /// Writes a tree ``WireJSONEncoder`` built.
    mutating func write(_ value: WireJSONValue) {
        switch value {
        case let .literal(text):
            literal(text)
        case let .string(text):
            string(text)
        case let .raw(json):
            separate()
            json.withUnsafeBufferPointer { append($0) }
            afterValue = true
        case let .array(array):
            beginArray()
            for item in array.items { write(item) }
            endArray()
        case let .object(object):
            beginObject()
            for (key, value) in Self.sorted(object.members) {
                self.key(key)
                write(value)
            }
            endObject()
        case let .deferred(encoding):
            write(encoding.value ?? .object(WireJSONObject()))
        }
    }

    /// Members in key order; of two with one key, the one encoded last.
    private static func sorted(_ members: [(key: String, value: WireJSONValue)]) -> [(
        key: String, value: WireJSONValue
    )] {
        // Most objects arrive in order already (a generated type declares its keys sorted, or has
        // one key): checking costs one pass, sorting an allocation and a comparison per pair.
        if members.indices.dropFirst().allSatisfy({ inKeyOrder(members[$0 - 1].key, members[$0].key) }) {
            return members
        }
        let ordered = members.enumerated().sorted { left, right in
            if left.element.key == right.element.key { return left.offset < right.offset }
            return inKeyOrder(left.element.key, right.element.key)
        }
        var unique: [(key: String, value: WireJSONValue)] = []
        unique.reserveCapacity(ordered.count)
        for (_, member) in ordered {
            if let last = unique.last, last.key == member.key {
                unique[unique.count - 1] = member
            } else {
                unique.append(member)
            }
        }
        return unique
    }

    // MARK: - Bytes

    private mutating func separate() {
        if afterValue { append(UInt8(ascii: ",")) }
    }

    private mutating func appendQuoted(_ text: String) {
        var text = text
        text.withUTF8 { appendQuoted($0) }
    }

    private mutating func appendQuoted(_ utf8: UnsafeBufferPointer<UInt8>) {
        // Keys and most values need no escape: one copy, after one tight scan.
        if !utf8.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C }) {
            reserve(utf8.count + 2)
            base[count] = UInt8(ascii: "\"")
            count += 1
            append(utf8)
            base[count] = UInt8(ascii: "\"")
            count += 1
            return
        }
        append(UInt8(ascii: "\""))
        var start = 0
        for (index, byte) in utf8.enumerated() where byte < 0x20 || byte == 0x22 || byte == 0x5C {
            append(UnsafeBufferPointer(rebasing: utf8[start..<index]))
            appendEscape(of: byte)
            start = index + 1
        }
        append(UnsafeBufferPointer(rebasing: utf8[start...]))
        append(UInt8(ascii: "\""))
    }

    @inline(__always)
    private mutating func append(_ byte: UInt8) {
        reserve(1)
        base[count] = byte
        count += 1
    }

    private mutating func append(_ buffer: UnsafeBufferPointer<UInt8>) {
        guard let source = buffer.baseAddress, !buffer.isEmpty else { return }
        reserve(buffer.count)
        (base + count).initialize(from: source, count: buffer.count)
        count += buffer.count
    }

    private mutating func append(_ text: String) {
        var text = text
        text.withUTF8 { append($0) }
    }

    /// Room for `extra` more bytes: the buffer doubles until they fit.
    @inline(__always)
    private mutating func reserve(_ extra: Int) {
        if count + extra > capacity { grow(toHold: count + extra) }
    }

    private mutating func grow(toHold needed: Int) {
        var larger = capacity * 2
        while larger < needed { larger *= 2 }
        // The writer is ~Copyable, so no other copy holds `base`: freeing it here leaves nothing dangling.
        let moved = UnsafeMutablePointer<UInt8>.allocate(capacity: larger)
        moved.initialize(from: base, count: count)
        base.deallocate()
        base = moved
        capacity = larger
    }

    private mutating func appendEscape(of byte: UInt8) {
        let short: UInt8? =
            switch byte {
            case 0x22: UInt8(ascii: "\"")
            case 0x5C: UInt8(ascii: "\\")
            case 0x08: UInt8(ascii: "b")
            case 0x0C: UInt8(ascii: "f")
            case 0x0A: UInt8(ascii: "n")
            case 0x0D: UInt8(ascii: "r")
            case 0x09: UInt8(ascii: "t")
            default: nil
            }
        append(UInt8(ascii: "\\"))
        if let short { return append(short) }
        let hex = Array("0123456789abcdef".utf8)
        for digit in [UInt8(ascii: "u"), 0x30, 0x30, hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]] { append(digit) }
    }
}
