import Foundation

/// A value that can stand in a path, query or header parameter.
public protocol ParameterValue: Sendable {
    var parameterValue: String { get }
}

extension String: ParameterValue {
    public var parameterValue: String { self }
}

extension Int: ParameterValue {
    public var parameterValue: String { String(self) }
}

extension Bool: ParameterValue {
    public var parameterValue: String { self ? "true" : "false" }
}

extension Decimal: ParameterValue {
    public var parameterValue: String { description }
}

extension Double: ParameterValue {
    public var parameterValue: String { description }
}

extension UUID: ParameterValue {
    public var parameterValue: String { uuidString.lowercased() }
}

extension URL: ParameterValue {
    public var parameterValue: String { absoluteString }
}

extension Date: ParameterValue {
    public var parameterValue: String {
        formatted(.iso8601.year().month().day().time(includingFractionalSeconds: true).timeZone(separator: .omitted))
    }
}

extension ParameterValue where Self: RawRepresentable, RawValue: ParameterValue {
    public var parameterValue: String { rawValue.parameterValue }
}
