import Foundation

/// `application/x-www-form-urlencoded` bodies as payment APIs write them: members by name,
/// objects and maps in brackets (`metadata[order_id]=6735`), lists of plain values as `a[]=1`,
/// lists of objects by index (`items[0][price]=5`), and `null` as an empty value. The client
/// writes a request this way; the mock reads one back into the JSON its schema checks.
package enum FormEncoding {
    /// The media type.
    package static let mediaType = "application/x-www-form-urlencoded"

    /// The form body of `value`'s wire JSON, members in the order the wire encoder writes them.
    /// - Throws: What encoding `value` throws.
    package static func encode<Value: Encodable>(_ value: Value) throws -> Data {
        let tree = try WireCoding.decode(JSONValue.self, from: WireCoding.encode(value))
        let pairs = fields(of: tree)
        return Data(pairs.map { escape($0.0, keepingBrackets: true) + "=" + escape($0.1) }.joined(separator: "&").utf8)
    }

    /// The names and texts a form writes for `tree`'s members, but those named in `skipping`
    /// (a multipart body's files), members in key order.
    package static func fields(of tree: JSONValue, skipping: Set<String> = []) -> [(String, String)] {
        var pairs: [(String, String)] = []
        if case let .object(members) = tree {
            for key in members.keys.sorted() where !skipping.contains(key) {
                flatten(members[key]!, at: key, into: &pairs)
            }
        }
        return pairs
    }

    private static func flatten(_ value: JSONValue, at key: String, into pairs: inout [(String, String)]) {
        switch value {
        case .null: pairs.append((key, ""))
        case let .bool(flag): pairs.append((key, flag ? "true" : "false"))
        case let .integer(whole): pairs.append((key, String(whole)))
        case let .number(number): pairs.append((key, "\(number)"))
        case let .string(text): pairs.append((key, text))
        case let .object(members):
            for name in members.keys.sorted() { flatten(members[name]!, at: "\(key)[\(name)]", into: &pairs) }
        case let .array(items):
            let plain = items.allSatisfy { item in
                switch item {
                case .array, .object: false
                default: true
                }
            }
            for (index, item) in items.enumerated() {
                flatten(item, at: plain ? "\(key)[]" : "\(key)[\(index)]", into: &pairs)
            }
        }
    }

    /// Form escaping: unreserved bytes as they are, a space as `+`, every other byte as `%XX`;
    /// a key keeps its brackets, as the APIs that use them document keys.
    private static func escape(_ text: String, keepingBrackets: Bool = false) -> String {
        var escaped = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"):
                escaped.unicodeScalars.append(Unicode.Scalar(byte))
            case _ where keepingBrackets && (byte == UInt8(ascii: "[") || byte == UInt8(ascii: "]")):
                escaped.unicodeScalars.append(Unicode.Scalar(byte))
            case UInt8(ascii: " "):
                escaped.append("+")
            default:
                escaped += String(format: "%%%02X", byte)
            }
        }
        return escaped
    }

    /// The name–value pairs of a form body, unescaped, in order; `nil` for bytes that are not one
    /// (a `%` without two hex digits, or text that is not UTF-8).
    package static func pairs(of body: Data) -> [(name: String, value: String)]? {
        guard let text = String(data: body, encoding: .utf8) else { return nil }
        var pairs: [(name: String, value: String)] = []
        for item in text.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = unescape(parts[0]), let value = unescape(parts.count > 1 ? parts[1] : "") else {
                return nil
            }
            pairs.append((name, value))
        }
        return pairs
    }

    private static func unescape(_ text: Substring) -> String? {
        String(text).replacingOccurrences(of: "+", with: " ").removingPercentEncoding
    }

    /// The path of a bracketed name: `items[0][price]` is `["items", "0", "price"]`, `a[]` is
    /// `["a", ""]`; `nil` for brackets that do not close or text after them.
    package static func path(of name: String) -> [String]? {
        guard let open = name.firstIndex(of: "[") else { return name.isEmpty ? nil : [name] }
        var path = [String(name[..<open])]
        var rest = name[open...]
        while !rest.isEmpty {
            guard rest.first == "[", let close = rest.firstIndex(of: "]") else { return nil }
            path.append(String(rest[rest.index(after: rest.startIndex)..<close]))
            rest = rest[rest.index(after: close)...]
        }
        return path.first?.isEmpty == false ? path : nil
    }
}
