/// An error code as a service writes it in an error body: a number (`1049`) or a string
/// (`"card_declined"`), as the spec declares it.
///
/// A literal of either kind is one, so `case .server(code: 1049)` and `ErrorCode(rawValue: "card_declined")`
/// read as written. An error the spec knows by its HTTP status alone is keyed by the status, a number.
public enum ErrorCodeValue: Sendable, Hashable, Comparable, Codable, CustomStringConvertible,
    ExpressibleByIntegerLiteral, ExpressibleByStringLiteral
{
    /// A numeric code, such as `1049`.
    case number(Int)
    /// A string code, such as `card_declined`.
    case text(String)

    public init(integerLiteral value: Int) { self = .number(value) }

    public init(stringLiteral value: String) { self = .text(value) }

    /// The code as a number, `nil` for a string code.
    public var number: Int? {
        if case let .number(value) = self { value } else { nil }
    }

    /// The code as the body writes it, without quotes: `1049`, `card_declined`.
    public var description: String {
        switch self {
        case let .number(value): String(value)
        case let .text(value): value
        }
    }

    /// Numbers first, by value; then strings, in UTF-8 order.
    public static func < (lhs: ErrorCodeValue, rhs: ErrorCodeValue) -> Bool {
        switch (lhs, rhs) {
        case let (.number(left), .number(right)): left < right
        case (.number, .text): true
        case (.text, .number): false
        case let (.text(left), .text(right)): Array(left.utf8).lexicographicallyPrecedes(right.utf8)
        }
    }

    /// Reads a JSON number or string; any other JSON is not an error code.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let number = try? container.decode(Int.self) {
            self = .number(number)
        } else {
            self = .text(try container.decode(String.self))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case let .number(value): try container.encode(value)
        case let .text(value): try container.encode(value)
        }
    }
}
