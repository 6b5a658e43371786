import Foundation

/// A validation rule of a spec `value` type, checked by its generated initialiser.
public enum ValueRule: Sendable, Hashable {
    /// A regular expression the whole value must match.
    case pattern(String)
    /// At least this many characters.
    case minLength(Int)
    /// At most this many characters.
    case maxLength(Int)
    /// At least this number.
    case minimum(Decimal)
    /// At most this number.
    case maximum(Decimal)
    /// Digits whose Luhn check digit is right, as a card number's.
    case luhn
    /// One of these values.
    case allowed([String])
    /// At most this many digits after the decimal point.
    case scale(Int)
    /// A rule an SDK adds beyond the spec for values an app makes (see
    /// ``RuleCheckedValue/checkMadeByApp(_:)``), with its reason: `the card expired before this month`.
    case sdk(String)

    /// Checks `text` against `rules`; the failure never repeats the value when it is sensitive.
    @_spi(Generated) public static func check(
        _ text: String, _ rules: [ValueRule], type: String, sensitive: Bool = false
    )
        throws(ValueRuleFailure)
    {
        for rule in rules where !rule.holds(for: text) {
            throw ValueRuleFailure(type: type, rule: rule, value: sensitive ? nil : text)
        }
    }

    /// Checks a number against `rules`.
    @_spi(Generated) public static func check(_ number: Decimal, _ rules: [ValueRule], type: String)
        throws(ValueRuleFailure)
    {
        for rule in rules {
            let holds: Bool =
                switch rule {
                case let .minimum(bound): number >= bound
                case let .maximum(bound): number <= bound
                case let .scale(digits): number.fractionDigits <= digits
                default: true
                }
            if !holds { throw ValueRuleFailure(type: type, rule: rule, value: number.description) }
        }
    }

    func holds(for text: String) -> Bool {
        switch self {
        case let .pattern(pattern):
            guard let regex = try? NSRegularExpression(pattern: "^(?:\(pattern))$") else { return false }
            return regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
        case let .minLength(length): return text.count >= length
        case let .maxLength(length): return text.count <= length
        case let .allowed(values): return values.contains(text)
        case .luhn: return Luhn.isValid(text)
        case .minimum, .maximum, .scale, .sdk: return true
        }
    }
}

/// A value broke one of its type's rules.
public struct ValueRuleFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// The value type whose rule it broke, such as `GSMNO`.
    public var type: String
    /// The rule it broke.
    public var rule: ValueRule
    /// The offending value; `nil` for sensitive types.
    public var value: String?

    /// A value of `type` that broke `rule`; pass `nil` as `value` for a sensitive type.
    public init(type: String, rule: ValueRule, value: String?) {
        self.type = type
        self.rule = rule
        self.value = value
    }

    public var description: String {
        "\(value.map { "\"\($0)\"" } ?? "the value") is not a valid \(type): \(reason)"
    }

    /// What is wrong, without the value: `it does not match 5[0-9]{9}`.
    public var reason: String {
        switch rule {
        case let .pattern(pattern): "it does not match \(pattern)"
        case let .minLength(length): "it is shorter than \(length) characters"
        case let .maxLength(length): "it is longer than \(length) characters"
        case let .minimum(bound): "it is less than \(bound)"
        case let .maximum(bound): "it is greater than \(bound)"
        case .luhn: "it fails the Luhn check"
        case let .allowed(values): "it is not one of \(values.joined(separator: ", "))"
        case let .scale(digits): "it has more than \(digits) digits after the decimal point"
        case let .sdk(reason): reason
        }
    }
}

/// The Luhn (mod 10) check digit test used by card numbers.
public enum Luhn {
    /// Whether `digits` (digits only, at least one) end in a right Luhn check digit.
    public static func isValid(_ digits: String) -> Bool {
        guard !digits.isEmpty, digits.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }) else { return false }
        var sum = 0
        for (offset, byte) in digits.utf8.reversed().enumerated() {
            var digit = Int(byte - 48)
            if offset % 2 == 1 {
                digit *= 2
                if digit > 9 { digit -= 9 }
            }
            sum += digit
        }
        return sum % 10 == 0
    }
}

/// The text printed instead of a sensitive value.
@_spi(Generated) public let redacted = "<redacted>"
