import Foundation

/// The JSON coding every generated client and mock shares: ISO-8601 dates (with or without
/// fractional seconds), exact decimals, stable key order.
public enum WireCoding {
    /// An encoder with sorted keys, unescaped slashes and ISO-8601 dates.
    public static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(formatDate(date))
        }
        return encoder
    }

    /// A decoder of ISO-8601 dates, with or without fractional seconds, carrying `userInfo`.
    public static func decoder(userInfo: [CodingUserInfoKey: any Sendable] = [:]) -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.userInfo = userInfo
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            guard let date = parseDate(text) else {
                throw DecodingError.dataCorruptedError(
                    in: container, debugDescription: "\"\(text)\" is not an ISO-8601 date and time")
            }
            return date
        }
        return decoder
    }

    /// ISO-8601 in UTC, with milliseconds only when the date has a fraction of a second, so
    /// `2026-11-30T10:00:00Z` travels as it was written.
    public static func formatDate(_ date: Date) -> String {
        // Whole milliseconds, counted in integers: formatting a binary fraction directly can turn
        // .123 into "122", and then a date does not survive its own round trip.
        let milliseconds = Int64((date.timeIntervalSince1970 * 1000).rounded())
        let (seconds, fraction) = milliseconds.quotientAndRemainder(dividingBy: 1000)
        let whole = fraction < 0 ? seconds - 1 : seconds
        let text = Date(timeIntervalSince1970: TimeInterval(whole)).formatted(Date.ISO8601FormatStyle())
        let millis = fraction < 0 ? fraction + 1000 : fraction
        guard millis != 0 else { return text }
        return String(text.dropLast()) + "." + String(format: "%03d", millis) + "Z"
    }

    /// Parses ISO-8601 with or without fractional seconds.
    public static func parseDate(_ text: String) -> Date? {
        RFC3339.parse(text)
    }

    /// The token that marks scaled decimals inside this process's encoder output: random per process,
    /// never written out (``encode(_:)`` replaces every occurrence), so no input can forge it.
    static let decimalToken = "\u{1}" + UUID().uuidString + ":"

    /// One configured encoder for the process (`JSONEncoder` is thread-safe to share).
    static let sharedEncoder: JSONEncoder = {
        let shared = WireCoding.encoder()
        shared.userInfo[.specsmithDecimalToken] = decimalToken
        return shared
    }()

    /// Encodes `value` as wire JSON; decimals with a scale keep exactly their digits.
    public static func encode<Value: Encodable>(_ value: Value) throws -> Data {
        let json = try sharedEncoder.encode(value)
        // The token's control character is escaped in JSON output, so match it as escaped.
        guard json.contains(0x5C) else { return json }
        return restoreScaledDecimals(in: json, token: "\\u0001" + decimalToken.dropFirst())
    }

    /// `type` decoded from `data` with ``decoder(userInfo:)``.
    /// - Throws: The decoder's `DecodingError` when `data` does not fit `type`.
    public static func decode<Value: Decodable>(_ type: Value.Type, from data: Data) throws -> Value {
        try decoder().decode(type, from: data)
    }
}

extension CodingUserInfoKey {
    /// Where the envelope description travels to ``EnvelopedPayload``.
    public static let specsmithEnvelope = CodingUserInfoKey(rawValue: "specsmith.envelope")!
}

/// The body of a call that sends or answers nothing.
public struct NoContent: Codable, Sendable, Hashable {
    /// Nothing.
    public init() {}
}
