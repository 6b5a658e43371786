import Foundation

/// How a date travels when a spec says other than ISO 8601: the generated code keeps `Date` in the
/// API and converts at the wire through ``WireTime``.
public enum WireTimeStyle: Sendable, Hashable {
    /// Whole seconds since 1970-01-01T00:00:00Z, as a JSON number (`unixSeconds`).
    case unixSeconds
    /// Whole milliseconds since 1970-01-01T00:00:00Z, as a JSON number (`unixMilliseconds`).
    case unixMilliseconds
    /// RFC 9110's HTTP-date, as `Last-Modified` carries it (`httpDate`).
    case httpDate

    /// What a value in the style is, for a message about one that is not.
    public var summary: String {
        switch self {
        case .unixSeconds: "a unix time in seconds"
        case .unixMilliseconds: "a unix time in milliseconds"
        case .httpDate: "an HTTP-date"
        }
    }
}

/// A date format named by a type, so ``WireTime`` knows it when it reads a value.
public protocol WireTimeFormat: Sendable {
    /// How the format writes a date.
    static var style: WireTimeStyle { get }
}

/// Whole seconds since 1970 (Stripe's `created`).
public enum UnixSeconds: WireTimeFormat {
    /// Whole seconds since 1970.
    public static let style = WireTimeStyle.unixSeconds
}

/// Whole milliseconds since 1970.
public enum UnixMilliseconds: WireTimeFormat {
    /// Whole milliseconds since 1970.
    public static let style = WireTimeStyle.unixMilliseconds
}

/// RFC 9110's HTTP-date (`Sun, 06 Nov 1994 08:49:37 GMT`).
public enum HTTPDate: WireTimeFormat {
    /// The HTTP-date.
    public static let style = WireTimeStyle.httpDate
}

/// A date as it travels in `Format`: a JSON number or string in a body, text in a path, query or
/// header. Generated code converts to and from `Date` at the wire; apps see `Date` only.
///
/// Unix times are whole units on the wire: a fraction of the unit is dropped (rounded down), as
/// the APIs that use them document. An HTTP-date is read in all three forms RFC 9110 §5.6.7 asks a
/// recipient to accept and written as IMF-fixdate.
public struct WireTime<Format: WireTimeFormat>: Sendable, Hashable {
    /// The date.
    public var date: Date

    /// The date to send in `Format`.
    public init(_ date: Date) {
        self.date = date
    }

    /// Whole units since 1970 for a unix format; `nil` for a date that has no whole count (not
    /// finite, or beyond 64 bits).
    var units: Int64? {
        let scale: Double = Format.style == .unixMilliseconds ? 1000 : 1
        let value = (date.timeIntervalSince1970 * scale).rounded(.down)
        guard value.isFinite, abs(value) < 9.2e18 else { return nil }
        return Int64(value)
    }

    /// The date for a count of whole (or fractional) units since 1970.
    init(units: Double) {
        let scale: Double = Format.style == .unixMilliseconds ? 1000 : 1
        self.init(Date(timeIntervalSince1970: units / scale))
    }
}

extension WireTime: Codable {
    /// A number of units for a unix format, a string for an HTTP-date.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        switch Format.style {
        case .unixSeconds, .unixMilliseconds:
            if let whole = try? container.decode(Int64.self) {
                self.init(units: Double(whole))
            } else if let number = try? container.decode(Double.self), number.isFinite {
                self.init(units: number)
            } else {
                throw DecodingError.dataCorruptedError(
                    in: container, debugDescription: "expected a unix time, a number of \(Self.unitName)")
            }
        case .httpDate:
            let text = try container.decode(String.self)
            guard let date = HTTPDateText.parse(text) else {
                throw DecodingError.dataCorruptedError(
                    in: container, debugDescription: "\"\(text)\" is not an HTTP-date")
            }
            self.init(date)
        }
    }

    /// The number of whole units, or the HTTP-date's text.
    /// - Throws: `EncodingError.invalidValue` for a date no unix time can count.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch Format.style {
        case .unixSeconds, .unixMilliseconds:
            guard let units else {
                throw EncodingError.invalidValue(
                    date, .init(codingPath: encoder.codingPath, debugDescription: "no unix time counts this date"))
            }
            try container.encode(units)
        case .httpDate:
            try container.encode(HTTPDateText.format(date))
        }
    }

    private static var unitName: String {
        Format.style == .unixMilliseconds ? "milliseconds" : "seconds"
    }
}

extension WireTime: ParameterValue {
    /// The whole units as digits, or the HTTP-date.
    public var parameterValue: String {
        switch Format.style {
        case .unixSeconds, .unixMilliseconds: units.map(String.init) ?? "0"
        case .httpDate: HTTPDateText.format(date)
        }
    }

    /// The date read from digits (a unix format) or an HTTP-date; `nil` when the text is not one.
    public init?(parameterValue: String) {
        switch Format.style {
        case .unixSeconds, .unixMilliseconds:
            guard let units = Int64(parameterValue) else { return nil }
            self.init(units: Double(units))
        case .httpDate:
            guard let date = HTTPDateText.parse(parameterValue) else { return nil }
            self.init(date)
        }
    }
}

@_spi(Generated) extension WireTime: WireJSONWritable {
    public func writeJSON(to json: inout WireJSONWriter) throws {
        switch Format.style {
        case .unixSeconds, .unixMilliseconds:
            guard let units else {
                throw EncodingError.invalidValue(
                    date, .init(codingPath: [], debugDescription: "no unix time counts this date"))
            }
            json.literal(String(units))
        case .httpDate:
            json.string(HTTPDateText.format(date))
        }
    }
}
