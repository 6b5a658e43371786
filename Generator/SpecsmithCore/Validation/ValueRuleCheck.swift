import Foundation

/// Applies value rules to literals in the spec (constants and examples), the same rules the
/// generated code applies at run time: `ValueRule` in SpecsmithRuntime. A table of cases runs against
/// both (`ValueRuleAgreementTests`), so the two cannot drift apart.
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
            // An invalid pattern holds for nothing, here as at run time (lint reports it too).
            guard let regex = try? NSRegularExpression(pattern: "^(?:\(pattern))$") else { return false }
            return regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
        case let (.minLength(length), .string(text)): return text.count >= length
        case let (.maxLength(length), .string(text)): return text.count <= length
        case let (.allowed(values), .string(text)): return values.contains(text)
        case let (.luhn, .string(text)): return isLuhnValid(text)
        case let (.scale(digits), .number(text)):
            // The value's digits, as the runtime sees the decoded number: `1.50` has two written
            // but one that counts.
            guard let value = Decimal(string: text) else { return false }
            return fractionDigits(of: value) <= digits
        case let (.minimum(bound), .number(text)):
            guard let value = Decimal(string: text), let bound = Decimal(string: bound) else { return false }
            return value >= bound
        case let (.maximum(bound), .number(text)):
            guard let value = Decimal(string: text), let bound = Decimal(string: bound) else { return false }
            return value <= bound
        default: return true
        }
    }

    static func fractionDigits(of value: Decimal) -> Int {
        let text = value.description
        guard let point = text.firstIndex(of: ".") else { return 0 }
        return text[text.index(after: point)...].count
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
