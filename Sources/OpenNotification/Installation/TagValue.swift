// Hand-written: tags travel as strings; the seed passes strings, numbers and booleans.
import Foundation

/// A tag's value: a string, a number or a boolean, written as a literal (`["plan": "platinum", "streak": 42]`).
///
/// On the wire every value is a string: numbers in decimal, booleans as `true` or `false`, so the
/// backend's tag filters compare them as strings.
public enum TagValue: Sendable, Hashable, ExpressibleByStringLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByBooleanLiteral
{
    case string(String)
    case int(Int)
    case double(Double)
    case bool(Bool)

    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int) { self = .int(value) }
    public init(floatLiteral value: Double) { self = .double(value) }
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
