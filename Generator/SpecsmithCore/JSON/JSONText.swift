/// Writes ``JSONNode``s back as JSON text, keeping member order and number spelling.
public enum JSONText {
    public static func compact(_ node: JSONNode) -> String {
        var output = ""
        write(node, into: &output, indent: nil, depth: 0)
        return output
    }

    public static func pretty(_ node: JSONNode) -> String {
        var output = ""
        write(node, into: &output, indent: "  ", depth: 0)
        return output + "\n"
    }

    static func write(_ node: JSONNode, into output: inout String, indent: String?, depth: Int) {
        let newline = indent.map { "\n" + String(repeating: $0, count: depth + 1) } ?? ""
        let closing = indent.map { "\n" + String(repeating: $0, count: depth) } ?? ""
        switch node.value {
        case let .object(members):
            guard !members.isEmpty else {
                output += "{}"
                return
            }
            output += "{"
            for (index, member) in members.enumerated() {
                if index > 0 { output += "," }
                output += newline + quoted(member.key) + (indent == nil ? ":" : ": ")
                write(member.value, into: &output, indent: indent, depth: depth + 1)
            }
            output += closing + "}"
        case let .array(elements):
            guard !elements.isEmpty else {
                output += "[]"
                return
            }
            output += "["
            for (index, element) in elements.enumerated() {
                if index > 0 { output += "," }
                output += newline
                write(element, into: &output, indent: indent, depth: depth + 1)
            }
            output += closing + "]"
        case let .string(text): output += quoted(text)
        case let .number(text): output += text
        case let .bool(flag): output += flag ? "true" : "false"
        case .null: output += "null"
        }
    }

    /// `text` as a JSON string literal.
    public static func quoted(_ text: String) -> String {
        quoted(text) { value in
            let hex = String(value, radix: 16)
            return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        }
    }

    /// `text` in double quotes with quotes, backslashes and control characters escaped; JSON and
    /// Swift string literals differ only in how they spell other control characters.
    public static func quoted(_ text: String, controlCharacter: (UInt32) -> String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20: result += controlCharacter(scalar.value)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
