import Foundation

/// The byte rules of RFC 9112 that header lines, trailer lines and chunk extensions share. They
/// are checked on bytes, before any text decoding, because Unicode-aware string functions would
/// trim a no-break space or lowercase a Kelvin sign into an ASCII `k`, and then two parsers on the
/// path of one request could read different framing from it.
enum HTTPFieldSyntax {
    /// The characters of a token (RFC 9110 §5.6.2): what a method or a field name is made of.
    static let tokenCharacters = "!#$%&'*+-.^_`|~0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"

    /// Whether `byte` is one of ``tokenCharacters``: two 64-bit masks, bit `n` for byte `n` and for
    /// byte `64 + n`, because every byte of every method and field name is checked. A test compares
    /// the masks with the list.
    @inline(__always)
    static func isTokenByte(_ byte: UInt8) -> Bool {
        let below64: UInt64 = 0x03FF_6CFA_0000_0000
        let from64: UInt64 = 0x57FF_FFFF_C7FF_FFFE
        if byte < 64 { return below64 >> byte & 1 == 1 }
        return byte < 128 && from64 >> (byte - 64) & 1 == 1
    }

    /// A field line's name (lowercased) and value (without surrounding spaces and tabs).
    /// - Throws: `.badRequest` for a line without a colon, a name that is not a token, or a value
    ///   with a control character (a bare CR or LF among them).
    static func fieldLine(_ line: ArraySlice<UInt8>, kind: String) throws(HTTPParseFailure) -> (
        name: String, value: String
    ) {
        try line.withUnsafeBufferPointer { field($0, kind: kind) }.get()
    }

    /// ``fieldLine(_:kind:)`` on raw bytes, its failure returned: what a request head's reader calls
    /// for each header line, and a chunked body's for each trailer line.
    static func field(_ line: UnsafeBufferPointer<UInt8>, kind: String) -> Result<
        (name: String, value: String), HTTPParseFailure
    > {
        guard let colon = line.firstIndex(of: 58) else {
            return .failure(.badRequest("a \(kind) line without a colon"))
        }
        let name = UnsafeBufferPointer(rebasing: line[..<colon])
        guard !name.isEmpty, name.allSatisfy(isTokenByte) else { return .failure(.badRequest("invalid \(kind) name")) }
        let value = line[(colon + 1)...]
        guard value.allSatisfy(isFieldValueByte) else {
            return .failure(.badRequest("invalid character in a \(kind) value"))
        }
        // A token is ASCII, so lowercasing is a byte apiece, copied straight into the string.
        let lowercased = String(unsafeUninitializedCapacity: name.count) { buffer in
            for (offset, byte) in name.enumerated() { buffer[offset] = byte >= 65 && byte <= 90 ? byte | 0x20 : byte }
            return name.count
        }
        return .success((lowercased, trimmed(value)))
    }

    /// Visible characters, spaces, tabs and obs-text; never CR, LF, NUL or another control.
    @inline(__always)
    static func isFieldValueByte(_ byte: UInt8) -> Bool {
        byte == 9 || (byte >= 32 && byte != 127)
    }

    /// The value without leading and trailing spaces and tabs, the only whitespace HTTP knows.
    static func trimmed<Bytes: BidirectionalCollection<UInt8>>(_ bytes: Bytes) -> String {
        var slice = bytes[...]
        while let first = slice.first, first == 32 || first == 9 { slice.removeFirst() }
        while let last = slice.last, last == 32 || last == 9 { slice.removeLast() }
        return String(decoding: slice, as: UTF8.self)
    }

    /// The comma-separated elements of framing header values, each trimmed of spaces and tabs, empty
    /// ones left out (RFC 9110 §5.6.1).
    /// - Throws: `.badRequest` when a value holds a byte outside ASCII: framing is never obs-text.
    static func framingElements(_ values: [String], header: String) throws(HTTPParseFailure) -> [String] {
        var elements: [String] = []
        for value in values {
            guard value.utf8.allSatisfy({ $0 < 128 }) else {
                throw .badRequest("\(header) holds a character outside ASCII")
            }
            for element in Array(value.utf8).split(separator: 44) {
                elements.append(trimmed(element))
            }
        }
        return elements
    }
}
