import Foundation

/// A value that can stand in a path, query or header parameter, and be read back from one.
public protocol ParameterValue: Sendable {
    /// The value as it travels in a path, query or header.
    var parameterValue: String { get }
    /// The value read back from a path, query or header; `nil` when the text is not one.
    init?(parameterValue: String)
}

extension String: ParameterValue {
    /// The value as it travels in a path, query or header.
    public var parameterValue: String { self }
    /// The value read back from a path, query or header; `nil` when the text is not one.
    public init?(parameterValue: String) { self = parameterValue }
}

extension Int: ParameterValue {
    /// The value as it travels in a path, query or header.
    public var parameterValue: String { String(self) }
    /// The value read back from a path, query or header; `nil` when the text is not one.
    public init?(parameterValue: String) { self.init(parameterValue) }
}

extension Int64: ParameterValue {
    /// The value as it travels in a path, query or header.
    public var parameterValue: String { String(self) }
    /// The value read back from a path, query or header; `nil` when the text is not one.
    public init?(parameterValue: String) { self.init(parameterValue) }
}

extension UInt64: ParameterValue {
    /// The value as it travels in a path, query or header.
    public var parameterValue: String { String(self) }
    /// The value read back from a path, query or header; `nil` when the text is not one.
    public init?(parameterValue: String) { self.init(parameterValue) }
}

extension Bool: ParameterValue {
    /// The value as it travels in a path, query or header.
    public var parameterValue: String { self ? "true" : "false" }
    /// The value read back from a path, query or header; `nil` when the text is not one.
    public init?(parameterValue: String) { self.init(parameterValue) }
}

extension Decimal: ParameterValue {
    /// The value as it travels in a path, query or header.
    public var parameterValue: String { description }
    /// The value read back from a path, query or header; `nil` when the text is not one.
    public init?(parameterValue: String) {
        self.init(string: parameterValue, locale: Locale(identifier: "en_US_POSIX"))
    }
}

extension Double: ParameterValue {
    /// The value as it travels in a path, query or header.
    public var parameterValue: String { description }
    /// The value read back from a path, query or header; `nil` when the text is not one.
    public init?(parameterValue: String) { self.init(parameterValue) }
}

extension UUID: ParameterValue {
    /// The value as it travels in a path, query or header.
    public var parameterValue: String { uuidString.lowercased() }
    /// The value read back from a path, query or header; `nil` when the text is not one.
    public init?(parameterValue: String) { self.init(uuidString: parameterValue) }
}

extension URL: ParameterValue {
    /// The value as it travels in a path, query or header.
    public var parameterValue: String { absoluteString }
    /// The value read back from a path, query or header; `nil` when the text is not one.
    public init?(parameterValue: String) { self.init(string: parameterValue) }
}

extension Date: ParameterValue {
    /// The value as it travels in a path, query or header.
    public var parameterValue: String { WireCoding.formatDate(self) }

    /// The value read back from a path, query or header; `nil` when the text is not one.
    public init?(parameterValue: String) {
        guard let date = WireCoding.parseDate(parameterValue) else { return nil }
        self = date
    }
}

extension ParameterValue where Self: RawRepresentable, RawValue: ParameterValue {
    /// The value as it travels in a path, query or header.
    public var parameterValue: String { rawValue.parameterValue }

    /// The value read back from a path, query or header; `nil` when the text is not one.
    public init?(parameterValue: String) {
        guard let raw = RawValue(parameterValue: parameterValue) else { return nil }
        self.init(rawValue: raw)
    }
}
