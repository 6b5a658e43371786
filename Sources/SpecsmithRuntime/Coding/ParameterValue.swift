import Foundation

/// A value that can stand in a path, query or header parameter, and be read back from one.
public protocol ParameterValue: Sendable {
    var parameterValue: String { get }
    init?(parameterValue: String)
}

extension String: ParameterValue {
    public var parameterValue: String { self }
    public init?(parameterValue: String) { self = parameterValue }
}

extension Int: ParameterValue {
    public var parameterValue: String { String(self) }
    public init?(parameterValue: String) { self.init(parameterValue) }
}

extension Bool: ParameterValue {
    public var parameterValue: String { self ? "true" : "false" }
    public init?(parameterValue: String) { self.init(parameterValue) }
}

extension Decimal: ParameterValue {
    public var parameterValue: String { description }
    public init?(parameterValue: String) {
        self.init(string: parameterValue, locale: Locale(identifier: "en_US_POSIX"))
    }
}

extension Double: ParameterValue {
    public var parameterValue: String { description }
    public init?(parameterValue: String) { self.init(parameterValue) }
}

extension UUID: ParameterValue {
    public var parameterValue: String { uuidString.lowercased() }
    public init?(parameterValue: String) { self.init(uuidString: parameterValue) }
}

extension URL: ParameterValue {
    public var parameterValue: String { absoluteString }
    public init?(parameterValue: String) { self.init(string: parameterValue) }
}

extension Date: ParameterValue {
    public var parameterValue: String { WireCoding.formatDate(self) }

    public init?(parameterValue: String) {
        guard let date = WireCoding.parseDate(parameterValue) else { return nil }
        self = date
    }
}

extension ParameterValue where Self: RawRepresentable, RawValue: ParameterValue {
    public var parameterValue: String { rawValue.parameterValue }

    public init?(parameterValue: String) {
        guard let raw = RawValue(parameterValue: parameterValue) else { return nil }
        self.init(rawValue: raw)
    }
}
