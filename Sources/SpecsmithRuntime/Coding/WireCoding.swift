import Foundation

/// The JSON coding every generated client and mock shares: ISO-8601 dates (with or without
/// fractional seconds), exact decimals, stable key order.
@_spi(Generated) public enum WireCoding {
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
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: dateTextCapacity) { text in
            guard let count = formatDate(date, into: text) else {
                // Years 1 to 9999 only; outside them (or for a date that is not finite) Foundation's
                // formatter says what it can.
                return date.formatted(Date.ISO8601FormatStyle())
            }
            return String(decoding: UnsafeBufferPointer(rebasing: text[..<count]), as: UTF8.self)
        }
    }

    /// The most bytes ``formatDate(_:into:)`` writes.
    package static let dateTextCapacity = 24

    /// Writes what ``formatDate(_:)`` gives into `text` (``dateTextCapacity`` bytes), with no
    /// string between: its length, or `nil` for a date outside years 1 to 9999 or not finite.
    package static func formatDate(_ date: Date, into text: UnsafeMutableBufferPointer<UInt8>) -> Int? {
        let seconds = date.timeIntervalSince1970
        guard seconds.isFinite, seconds > -62_135_596_800, seconds < 253_402_300_800,
            text.count >= dateTextCapacity
        else { return nil }
        // Whole milliseconds, counted in integers: formatting a binary fraction directly can turn
        // .123 into "122", and then a date does not survive its own round trip.
        let milliseconds = Int64((seconds * 1000).rounded())
        let (days, inDay) = floorDivision(milliseconds, 86_400_000)
        let (year, month, day) = civilDate(daysSince1970: days)
        var count = 0
        func put(_ byte: UInt8) {
            text[count] = byte
            count += 1
        }
        func put(_ number: Int64, digits: Int) {
            var divisor: Int64 = 1
            for _ in 1..<digits { divisor *= 10 }
            while divisor > 0 {
                put(UInt8(ascii: "0") + UInt8((number / divisor) % 10))
                divisor /= 10
            }
        }
        put(year, digits: 4)
        put(UInt8(ascii: "-"))
        put(month, digits: 2)
        put(UInt8(ascii: "-"))
        put(day, digits: 2)
        put(UInt8(ascii: "T"))
        put(inDay / 3_600_000, digits: 2)
        put(UInt8(ascii: ":"))
        put(inDay / 60_000 % 60, digits: 2)
        put(UInt8(ascii: ":"))
        put(inDay / 1000 % 60, digits: 2)
        if inDay % 1000 != 0 {
            put(UInt8(ascii: "."))
            put(inDay % 1000, digits: 3)
        }
        put(UInt8(ascii: "Z"))
        return count
    }

    /// The quotient rounded down and a remainder that is never negative.
    package static func floorDivision(_ value: Int64, _ divisor: Int64) -> (Int64, Int64) {
        let (quotient, remainder) = value.quotientAndRemainder(dividingBy: divisor)
        return remainder < 0 ? (quotient - 1, remainder + divisor) : (quotient, remainder)
    }

    /// The proleptic Gregorian year, month and day of a day counted from 1970-01-01, by counting
    /// 400-year eras of 146,097 days from 0000-03-01 (a year starting in March puts the leap day
    /// last).
    package static func civilDate(daysSince1970 days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let fromMarchZero = days + 719_468
        let era = (fromMarchZero >= 0 ? fromMarchZero : fromMarchZero - 146_096) / 146_097
        let dayOfEra = fromMarchZero - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// Parses ISO-8601 with or without fractional seconds.
    public static func parseDate(_ text: String) -> Date? {
        RFC3339.parse(text)
    }

    /// Encodes `value` as wire JSON: what ``encoder()`` writes, except that decimals with a scale
    /// keep exactly their digits.
    public static func encode<Value: Encodable>(_ value: Value) throws -> Data {
        try WireJSONEncoder.encode(value)
    }

    /// `type` decoded from `data` with ``decoder(userInfo:)``.
    /// - Throws: The decoder's `DecodingError` when `data` does not fit `type`.
    public static func decode<Value: Decodable>(_ type: Value.Type, from data: Data) throws -> Value {
        try decoder().decode(type, from: data)
    }
}

extension CodingUserInfoKey {
    /// Where the envelope description travels to ``EnvelopedPayload``.
    package static let specsmithEnvelope = CodingUserInfoKey(rawValue: "specsmith.envelope")!
}

/// The body of a call that sends or answers nothing.
@_spi(Generated) public struct NoContent: Codable, Sendable, Hashable {
    /// Nothing.
    public init() {}
}
