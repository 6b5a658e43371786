// Hand-written: tags travel as strings; the seed passes strings, numbers and booleans.
import Foundation

/// A tag's value: a string, a number or a boolean, written as a literal (`["plan": "platinum", "streak": 42]`).
///
/// On the wire every value is a string: numbers in decimal, booleans as `true` or `false`, so the
/// backend's tag filters compare them as strings.
public enum TagValue: Sendable, Hashable, ExpressibleByStringLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByBooleanLiteral
{
    /// Text, sent as it is.
    case string(String)
    /// A whole number, sent in decimal.
    case int(Int)
    /// A number, sent in decimal; it must be finite.
    case double(Double)
    /// A flag, sent as `true` or `false`.
    case bool(Bool)

    /// A string literal: `"platinum"`.
    public init(stringLiteral value: String) { self = .string(value) }
    /// An integer literal: `42`.
    public init(integerLiteral value: Int) { self = .int(value) }
    /// A floating-point literal: `4.5`.
    public init(floatLiteral value: Double) { self = .double(value) }
    /// A boolean literal: `true`.
    public init(booleanLiteral value: Bool) { self = .bool(value) }

    /// The wire form, or `nil` for a number that has none (infinite or not a number).
    public var wireValue: String? {
        switch self {
        case let .string(text): text
        case let .int(number): String(number)
        case let .double(number): number.isFinite ? String(describing: number) : nil
        case let .bool(flag): flag ? "true" : "false"
        }
    }
}
