/// Parses JSON text (RFC 8259) into ``JSONNode``s that keep their line and column.
///
/// Strict on purpose: no comments, no trailing commas, no duplicate-free guarantee (duplicate
/// keys are kept so validation can report them with both positions).
public struct JSONParser {
    /// A syntax error and where it stands.
    public struct SyntaxError: Error, Sendable, Equatable {
        public var message: String
        public var location: SourcePosition
    }

    private let bytes: [UInt8]
    private var index = 0
    private var line = 1
    private var lineStart = 0
    private var depth = 0
    private static let maximumDepth = 256

    public init(text: String) {
        bytes = Array(text.utf8)
    }

    /// Parses the whole text as one JSON value.
    public static func parse(_ text: String) throws(SyntaxError) -> JSONNode {
        var parser = JSONParser(text: text)
        parser.skipWhitespace()
        let node = try parser.parseValue()
        parser.skipWhitespace()
        if parser.index < parser.bytes.count {
            throw parser.error("unexpected text after the end of the JSON value")
        }
        return node
    }

    // MARK: - Values

    private var location: SourcePosition {
        // Columns count characters, not bytes, so they match what an editor shows.
        let column = String(decoding: bytes[lineStart..<index], as: UTF8.self).count + 1
        return SourcePosition(line: line, column: column)
    }

    private func error(_ message: String) -> SyntaxError {
        SyntaxError(message: message, location: location)
    }

    private mutating func parseValue() throws(SyntaxError) -> JSONNode {
        let start = location
        guard index < bytes.count else { throw error("unexpected end of file; expected a value") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return JSONNode(try parseObject(), at: start)
        case UInt8(ascii: "["): return JSONNode(try parseArray(), at: start)
        case UInt8(ascii: "\""): return JSONNode(.string(try parseString()), at: start)
        case UInt8(ascii: "t"):
            try expectWord("true")
            return JSONNode(.bool(true), at: start)
        case UInt8(ascii: "f"):
            try expectWord("false")
            return JSONNode(.bool(false), at: start)
        case UInt8(ascii: "n"):
            try expectWord("null")
            return JSONNode(.null, at: start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return JSONNode(.number(try parseNumber()), at: start)
        default:
            throw error("unexpected character '\(Character(Unicode.Scalar(bytes[index])))'; expected a value")
        }
    }

    private mutating func enterContainer() throws(SyntaxError) {
        depth += 1
        if depth > Self.maximumDepth { throw error("nesting deeper than \(Self.maximumDepth) levels") }
    }

    private mutating func parseObject() throws(SyntaxError) -> JSONNode.Value {
        try enterContainer()
        defer { depth -= 1 }
        index += 1
        var members: [JSONNode.Member] = []
        skipWhitespace()
        if peek == UInt8(ascii: "}") {
            index += 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard peek == UInt8(ascii: "\"") else { throw error("expected a string key in double quotes") }
            let keyLocation = location
            let key = try parseString()
            skipWhitespace()
            guard peek == UInt8(ascii: ":") else { throw error("expected ':' after the key \"\(key)\"") }
            index += 1
            skipWhitespace()
            members.append(JSONNode.Member(key: key, keyLocation: keyLocation, value: try parseValue()))
            skipWhitespace()
            switch peek {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "}"):
                index += 1
                return .object(members)
            default: throw error("expected ',' or '}' after an object member")
            }
        }
    }

    private mutating func parseArray() throws(SyntaxError) -> JSONNode.Value {
        try enterContainer()
        defer { depth -= 1 }
        index += 1
        var elements: [JSONNode] = []
        skipWhitespace()
        if peek == UInt8(ascii: "]") {
            index += 1
            return .array(elements)
        }
        while true {
            skipWhitespace()
            elements.append(try parseValue())
            skipWhitespace()
            switch peek {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "]"):
                index += 1
                return .array(elements)
            default: throw error("expected ',' or ']' after an array element")
            }
        }
    }

    // MARK: - Scalars

    private var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func expectWord(_ word: String) throws(SyntaxError) {
        let expected = Array(word.utf8)
        guard bytes.count - index >= expected.count, Array(bytes[index..<index + expected.count]) == expected else {
            throw error("invalid literal; expected '\(word)'")
        }
        index += expected.count
    }

    private mutating func parseNumber() throws(SyntaxError) -> String {
        let start = index
        if peek == UInt8(ascii: "-") { index += 1 }
        guard let first = peek, isDigit(first) else { throw error("expected a digit in a number") }
        if first == UInt8(ascii: "0") {
            index += 1
            if let next = peek, isDigit(next) { throw error("a number must not have leading zeros") }
        } else {
            skipDigits()
        }
        if peek == UInt8(ascii: ".") {
            index += 1
            guard let digit = peek, isDigit(digit) else { throw error("expected a digit after '.'") }
            skipDigits()
        }
        if peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") {
            index += 1
            if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") { index += 1 }
            guard let digit = peek, isDigit(digit) else { throw error("expected a digit in the exponent") }
            skipDigits()
        }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    private func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    private mutating func skipDigits() {
        while let byte = peek, isDigit(byte) { index += 1 }
    }

    private mutating func parseString() throws(SyntaxError) -> String {
        index += 1
        var scalars = String.UnicodeScalarView()
        var runStart = index
        while true {
            guard let byte = peek else { throw error("unterminated string") }
            switch byte {
            case UInt8(ascii: "\""):
                scalars.append(contentsOf: String(decoding: bytes[runStart..<index], as: UTF8.self).unicodeScalars)
                index += 1
                return String(scalars)
            case UInt8(ascii: "\\"):
                scalars.append(contentsOf: String(decoding: bytes[runStart..<index], as: UTF8.self).unicodeScalars)
                index += 1
                scalars.append(try parseEscape())
                runStart = index
            case 0..<0x20:
                throw error(
                    byte == 0x0A
                        ? "unterminated string (a line break inside a string)" : "control character in a string")
            default:
                index += 1
            }
        }
    }

    private mutating func parseEscape() throws(SyntaxError) -> Unicode.Scalar {
        guard let byte = peek else { throw error("unterminated escape sequence") }
        index += 1
        switch byte {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            let high = try parseHexQuad()
            if (0xD800..<0xDC00).contains(high) {
                guard peek == UInt8(ascii: "\\"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u") else {
                    throw error("a high surrogate must be followed by a low surrogate")
                }
                index += 2
                let low = try parseHexQuad()
                guard (0xDC00..<0xE000).contains(low) else { throw error("invalid low surrogate") }
                guard let scalar = Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)) else {
                    throw error("invalid surrogate pair")
                }
                return scalar
            }
            guard let scalar = Unicode.Scalar(high) else { throw error("a lone low surrogate in \\u escape") }
            return scalar
        default:
            index -= 1
            throw error("invalid escape sequence '\\\(Character(Unicode.Scalar(byte)))'")
        }
    }

    private mutating func parseHexQuad() throws(SyntaxError) -> UInt32 {
        guard bytes.count - index >= 4 else { throw error("expected four hex digits after \\u") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let digit = Character(Unicode.Scalar(bytes[index])).hexDigitValue else {
                throw error("expected four hex digits after \\u")
            }
            value = value * 16 + UInt32(digit)
            index += 1
        }
        return value
    }

    private mutating func skipWhitespace() {
        while let byte = peek {
            switch byte {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
                index += 1
            case UInt8(ascii: "\n"):
                index += 1
                line += 1
                lineStart = index
            default:
                return
            }
        }
    }
}
