// Hand-written: the calendar side of CardExpiryDate, which the spec describes only as "mm/yyyy" on
// the wire: month and year, a `Date`, and "not in the past", which depends on today.
//
// One rule: every initialiser an app calls refuses past months (`init(month:year:)`, `init(_:)` from
// text or a `Date`, `init?(rawValue:)`, and the runtime's `init(validating:)` through
// `checkMadeByApp`). Decoding from the wire checks the "mm/yyyy" format only, because a stored card's
// date may lie in the past and the server, not the decoder, judges it (CARD_EXPIRED, 1204).
import Foundation
import SpecsmithRuntime

extension BKMExpress.CardExpiryDate {
    /// Why an expiry date cannot be used.
    public enum Failure: Error, Sendable, Hashable {
        /// Not a month from 1 to 12 with a four-digit year, or not "mm/yyyy".
        case invalid
        /// The card expired before this month.
        case expired
    }

    /// An expiry date from its month (1–12) and four-digit year; past months are refused.
    public init(month: Int, year: Int, now: Date = Date()) throws(Failure) {
        guard (1...12).contains(month), (1000...9999).contains(year) else { throw .invalid }
        let today = Calendar(identifier: .gregorian).dateComponents(in: TimeZone(identifier: "UTC")!, from: now)
        guard year * 12 + month >= (today.year ?? 0) * 12 + (today.month ?? 0) else { throw .expired }
        self.init(unchecked: String(format: "%02d/%04d", month, year))
    }

    /// An expiry date written "mm/yyyy"; past months are refused.
    public init(_ text: String) throws(Failure) {
        try self.init(text, now: Date())
    }

    /// An expiry date written "mm/yyyy", or `nil` when it is malformed or a past month.
    public init?(rawValue: String) {
        guard let date = try? Self(rawValue, now: Date()) else { return nil }
        self = date
    }

    /// An expiry date written "mm/yyyy", judged against `now`; past months are refused.
    public init(_ text: String, now: Date) throws(Failure) {
        let parts = text.split(separator: "/")
        guard parts.count == 2, parts[0].count == 2, parts[1].count == 4, let month = Int(parts[0]),
            let year = Int(parts[1])
        else { throw .invalid }
        try self.init(month: month, year: year, now: now)
    }

    /// The month and year of `date` (in UTC); past months are refused.
    public init(_ date: Date, now: Date = Date()) throws(Failure) {
        let parts = Calendar(identifier: .gregorian).dateComponents(in: TimeZone(identifier: "UTC")!, from: date)
        try self.init(month: parts.month ?? 0, year: parts.year ?? 0, now: now)
    }

    /// Refuses a past month when an app makes a date through `init(validating:)`; a date decoded
    /// from the wire is not held to it.
    public static func checkMadeByApp(_ value: Self) throws(ValueRuleFailure) {
        do {
            _ = try Self(value.rawValue, now: Date())
        } catch {
            throw ValueRuleFailure(
                type: "CardExpiryDate", rule: .sdk("the card expired before this month"), value: value.rawValue)
        }
    }

    /// The month, 1 to 12.
    public var month: Int { Int(rawValue.prefix(2)) ?? 0 }
    /// The year, with four digits.
    public var year: Int { Int(rawValue.suffix(4)) ?? 0 }
    /// "mm/yyyy", as printed on a form.
    public var formatted: String { rawValue }
}
