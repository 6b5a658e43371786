import Foundation

/// What ``WireJSONEncoder`` builds before it writes: a value is text ready to write, a string still
/// to escape, or a container filled in as the value's `encode(to:)` runs.
enum WireJSONValue {
    /// A number, `true`, `false` or `null`, written as it is.
    case literal(String)
    case string(String)
    case array(WireJSONArray)
    case object(WireJSONObject)
    /// A `superEncoder()`'s value, known only once the caller has used it.
    case deferred(WireJSONEncoding)
}

/// An array being encoded; a class, because nested containers keep adding to it.
final class WireJSONArray {
    var items: [WireJSONValue] = []
}

/// An object being encoded, its members in the order they were encoded.
final class WireJSONObject {
    var members: [(key: String, value: WireJSONValue)] = []
}

/// Writes a ``WireJSONValue`` as UTF-8 JSON: keys sorted by their UTF-8 bytes, the later of two
/// members with one key kept, slashes unescaped, control characters escaped. Byte for byte what
/// `JSONEncoder` writes with `[.sortedKeys, .withoutEscapingSlashes]`.
struct WireJSONWriter {
    private(set) var bytes: [UInt8] = []

    init(capacity: Int = 512) {
        bytes.reserveCapacity(capacity)
    }

    mutating func write(_ value: WireJSONValue) {
        switch value {
        case let .literal(text):
            bytes.append(contentsOf: text.utf8)
        case let .string(text):
            writeString(text)
        case let .array(array):
            bytes.append(UInt8(ascii: "["))
            for (index, item) in array.items.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                write(item)
            }
            bytes.append(UInt8(ascii: "]"))
        case let .object(object):
            writeObject(object)
        case let .deferred(encoding):
            write(encoding.value ?? .object(WireJSONObject()))
        }
    }

    private mutating func writeObject(_ object: WireJSONObject) {
        bytes.append(UInt8(ascii: "{"))
        var first = true
        for (key, value) in Self.sorted(object.members) {
            if !first { bytes.append(UInt8(ascii: ",")) }
            first = false
            writeString(key)
            bytes.append(UInt8(ascii: ":"))
            write(value)
        }
        bytes.append(UInt8(ascii: "}"))
    }

    /// Members in key order; of two with one key, the one encoded last.
    private static func sorted(_ members: [(key: String, value: WireJSONValue)]) -> [(
        key: String, value: WireJSONValue
    )] {
        // Most objects arrive in order already (a generated type declares its keys sorted, or has
        // one key): checking costs one pass, sorting an allocation and a comparison per pair.
        if members.indices.dropFirst().allSatisfy({
            members[$0 - 1].key.utf8.lexicographicallyPrecedes(members[$0].key.utf8)
        }) {
            return members
        }
        let ordered = members.enumerated().sorted { left, right in
            if left.element.key == right.element.key { return left.offset < right.offset }
            return left.element.key.utf8.lexicographicallyPrecedes(right.element.key.utf8)
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

    private mutating func writeString(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { utf8 in
            var start = 0
            for (index, byte) in utf8.enumerated() where byte < 0x20 || byte == 0x22 || byte == 0x5C {
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<index]))
                appendEscape(of: byte)
                start = index + 1
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start...]))
        }
        bytes.append(UInt8(ascii: "\""))
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
        bytes.append(UInt8(ascii: "\\"))
        if let short { return bytes.append(short) }
        let hex = Array("0123456789abcdef".utf8)
        bytes.append(contentsOf: [UInt8(ascii: "u"), 0x30, 0x30, hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]])
    }
}
