import Foundation

/// A generated `value` type: a raw value that keeps the spec's rules. Its throwing initialiser
/// checks them; this protocol gives it the failable `init?(rawValue:)` and decoding that checks
/// them too, so generated types hold only what differs: the rules and the constants.
public protocol RuleCheckedValue: RawRepresentable, Codable where RawValue: Codable {
    /// Checks the spec's rules alone and wraps `rawValue`: what decoding a wire value does. Apps make
    /// values with ``init(validating:)``, which adds the SDK's own checks.
    @_spi(Generated) init(wireValue rawValue: RawValue) throws(ValueRuleFailure)
    /// The rules every value keeps.
    static var rules: [ValueRule] { get }
    /// Whether values are sensitive: never printed, and never repeated in failures.
    static var isSensitive: Bool { get }
    /// What an SDK checks beyond the spec when an app makes a value, such as an expiry date not in
    /// the past; a wire value is not held to it. Nothing, unless the SDK's own code says.
    static func checkMadeByApp(_ value: Self) throws(ValueRuleFailure)
}

extension RuleCheckedValue {
    public static var rules: [ValueRule] { [] }
    public static var isSensitive: Bool { false }
    public static func checkMadeByApp(_ value: Self) throws(ValueRuleFailure) {}

    /// Validates and wraps a value: the spec's rules, then the SDK's own checks.
    /// - Throws: ``ValueRuleFailure`` naming the rule the value breaks.
    public init(validating rawValue: RawValue) throws(ValueRuleFailure) {
        try self.init(wireValue: rawValue)
        try Self.checkMadeByApp(self)
    }

    /// Validates and wraps `rawValue` (a type the spec marks `failable` declares `init?(_:)` instead).
    public init(_ rawValue: RawValue) throws(ValueRuleFailure) {
        try self.init(validating: rawValue)
    }

    /// Wraps a value that keeps the rules, or returns `nil`.
    public init?(rawValue: RawValue) {
        try? self.init(validating: rawValue)
    }

    /// Decodes the raw value and checks the rules; a value that breaks one is a decoding error
    /// that says which.
    fileprivate init(decodingFrom decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        do {
            try self.init(wireValue: container.decode(RawValue.self))
        } catch let failure as ValueRuleFailure {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: failure.description)
        }
    }

    fileprivate func encodeRawValue(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}

// One extension per raw type: each is more specific than the standard library's
// `RawRepresentable` coding for that raw type, so the rule-checking decoder is the one chosen.

extension RuleCheckedValue where RawValue == String {
    /// Decodes the raw value and checks the type's rules; a value that breaks one fails to decode.
    public init(from decoder: any Decoder) throws { try self.init(decodingFrom: decoder) }
    /// Encodes the raw value as a single JSON value.
    public func encode(to encoder: any Encoder) throws { try encodeRawValue(to: encoder) }
}

extension RuleCheckedValue where RawValue == Int {
    /// Decodes the raw value and checks the type's rules; a value that breaks one fails to decode.
    public init(from decoder: any Decoder) throws { try self.init(decodingFrom: decoder) }
    /// Encodes the raw value as a single JSON value.
    public func encode(to encoder: any Encoder) throws { try encodeRawValue(to: encoder) }
}

extension RuleCheckedValue where RawValue == Double {
    /// Decodes the raw value and checks the type's rules; a value that breaks one fails to decode.
    public init(from decoder: any Decoder) throws { try self.init(decodingFrom: decoder) }
    /// Encodes the raw value as a single JSON value.
    public func encode(to encoder: any Encoder) throws { try encodeRawValue(to: encoder) }
}

extension RuleCheckedValue where RawValue == Decimal {
    /// Decodes the raw value and checks the type's rules; a value that breaks one fails to decode.
    public init(from decoder: any Decoder) throws { try self.init(decodingFrom: decoder) }
    /// Encodes the raw value as a single JSON value.
    public func encode(to encoder: any Encoder) throws { try encodeRawValue(to: encoder) }
}
