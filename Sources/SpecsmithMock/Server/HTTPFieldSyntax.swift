import Foundation

/// The byte rules of RFC 9112 that header lines, trailer lines and chunk extensions share. They
/// are checked on bytes, before any text decoding, because Unicode-aware string functions would
/// trim a no-break space or lowercase a Kelvin sign into an ASCII `k`, and then two parsers on the
/// path of one request could read different framing from it.
enum HTTPFieldSyntax {
    static let tokenCharacters = Set(
        "!#$%&'*+-.^_`|~0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ".utf8)

    /// A field line's name (lowercased) and value (without surrounding spaces and tabs).
    /// - Throws: `.badRequest` for a line without a colon, a name that is not a token, or a value
    ///   with a control character (a bare CR or LF among them).
    static func fieldLine(_ line: ArraySlice<UInt8>, kind: String) throws(HTTPParseFailure) -> (
        name: String, value: String
    ) {
        guard let colon = line.firstIndex(of: 58) else { throw .badRequest("a \(kind) line without a colon") }
        let name = line[line.startIndex..<colon]
        guard !name.isEmpty, name.allSatisfy({ tokenCharacters.contains($0) }) else {
            throw .badRequest("invalid \(kind) name")
        }
        let rawValue = line[(colon + 1)...]
        guard rawValue.allSatisfy(isFieldValueByte) else {
            throw .badRequest("invalid character in a \(kind) value")
        }
        return (String(decoding: name, as: UTF8.self).lowercased(), trimmed(rawValue))
    }

    /// Visible characters, spaces, tabs and obs-text; never CR, LF, NUL or another control.
    static func isFieldValueByte(_ byte: UInt8) -> Bool {
        byte == 9 || (byte >= 32 && byte != 127)
    }

    /// The value without leading and trailing spaces and tabs, the only whitespace HTTP knows.
    static func trimmed(_ bytes: ArraySlice<UInt8>) -> String {
        var slice = bytes
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
