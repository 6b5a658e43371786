import Foundation

/// Applies value rules to literals in the spec (constants and examples), the same rules the
/// generated code applies at run time.
enum ValueRuleCheck {
    /// The key of the first rule `node` breaks, or `nil` when it keeps them all.
    static func violation(of rules: [ValueDecl.Rule], by node: JSONNode) -> String? {
        for rule in rules where !holds(rule.kind, for: node) {
            return rule.keyName
        }
        return nil
    }

    private static func holds(_ rule: ValueDecl.Rule.Kind, for node: JSONNode) -> Bool {
        switch (rule, node.value) {
        case let (.pattern(pattern), .string(text)):
            guard let regex = try? NSRegularExpression(pattern: "^(?:\(pattern))$") else { return true }
            return regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
        case let (.minLength(length), .string(text)): return text.count >= length
        case let (.maxLength(length), .string(text)): return text.count <= length
        case let (.allowed(values), .string(text)): return values.contains(text)
        case let (.luhn, .string(text)): return isLuhnValid(text)
        case let (.scale(digits), .number(text)):
            let fraction = text.split(separator: ".").dropFirst().first ?? ""
            return fraction.count <= digits && !text.lowercased().contains("e")
        case let (.minimum(bound), .number(text)):
            return (Decimal(string: text) ?? 0) >= (Decimal(string: bound) ?? 0)
        case let (.maximum(bound), .number(text)):
            return (Decimal(string: text) ?? 0) <= (Decimal(string: bound) ?? 0)
        default: return true
        }
    }

    static func isLuhnValid(_ digits: String) -> Bool {
        guard !digits.isEmpty, digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber) else { return false }
        var sum = 0
        for (offset, character) in digits.reversed().enumerated() {
            var digit = character.wholeNumberValue!
            if offset % 2 == 1 {
                digit *= 2
                if digit > 9 { digit -= 9 }
            }
            sum += digit
        }
        return sum % 10 == 0
    }
}
