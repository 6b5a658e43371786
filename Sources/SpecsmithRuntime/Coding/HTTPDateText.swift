import Foundation

/// RFC 9110's HTTP-date (§5.6.7): written as IMF-fixdate, read in IMF-fixdate, the obsolete RFC 850
/// form and asctime's form, always in GMT, independent of any locale.
package enum HTTPDateText {
    private static let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    private static let longWeekdays = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// `Sun, 06 Nov 1994 08:49:37 GMT`; whole seconds, rounded down. A date outside years 1 to 9999
    /// (or not finite) is written as the nearest one inside.
    package static func format(_ date: Date) -> String {
        let limited = min(max(date.timeIntervalSince1970, -62_135_596_800), 253_402_300_799)
        let seconds = Int64(limited.isFinite ? limited.rounded(.down) : 0)
        let (days, inDay) = WireCoding.floorDivision(seconds, 86_400)
        let (year, month, day) = WireCoding.civilDate(daysSince1970: days)
        let weekday = Int(WireCoding.floorDivision(days + 4, 7).1)
        func two(_ number: Int64) -> String { number < 10 ? "0\(number)" : "\(number)" }
        var yearText = String(year)
        while yearText.count < 4 { yearText = "0" + yearText }
        return "\(weekdays[weekday]), \(two(day)) \(months[Int(month) - 1]) \(yearText) "
            + "\(two(inDay / 3600)):\(two(inDay / 60 % 60)):\(two(inDay % 60)) GMT"
    }

    /// The date of an HTTP-date in any of its three forms; `nil` for anything else, including an
    /// impossible day (31 Feb) or a zone other than GMT.
    package static func parse(_ text: String) -> Date? {
        let words = text.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        switch words.count {
        case 6:
            // IMF-fixdate: Sun, 06 Nov 1994 08:49:37 GMT
            guard words[0].hasSuffix(","), weekdays.contains(String(words[0].dropLast())), words[5] == "GMT",
                words[1].count == 2, words[3].count == 4, let year = digits(words[3])
            else { return nil }
            return date(year: year, month: words[2], day: words[1], time: words[4])
        case 4:
            // RFC 850: Sunday, 06-Nov-94 08:49:37 GMT
            let parts = words[1].split(separator: "-", omittingEmptySubsequences: false).map(String.init)
            guard words[0].hasSuffix(","), longWeekdays.contains(String(words[0].dropLast())), words[3] == "GMT",
                parts.count == 3, parts[0].count == 2, parts[2].count == 2, let short = digits(parts[2])
            else { return nil }
            return date(year: fullYear(short), month: parts[1], day: parts[0], time: words[2])
        case 5:
            // asctime: Sun Nov  6 08:49:37 1994
            guard weekdays.contains(words[0]), (1...2).contains(words[2].count), words[4].count == 4,
                let year = digits(words[4])
            else { return nil }
            return date(year: year, month: words[1], day: words[2], time: words[3])
        default:
            return nil
        }
    }

    /// A two-digit year read as RFC 9110 says: one that would be more than 50 years in the future
    /// is the most recent past year with those digits.
    private static func fullYear(_ short: Int64) -> Int64 {
        let now = WireCoding.civilDate(daysSince1970: Int64(Date().timeIntervalSince1970 / 86_400)).year
        var year = now - now % 100 + short
        if year > now + 50 { year -= 100 }
        return year
    }

    private static func date(year: Int64, month monthName: String, day dayText: String, time: String) -> Date? {
        let clock = time.split(separator: ":", omittingEmptySubsequences: false)
        guard let monthIndex = months.firstIndex(of: monthName), let day = digits(dayText),
            clock.count == 3, clock.allSatisfy({ $0.count == 2 }),
            let hour = digits(clock[0]), let minute = digits(clock[1]), let second = digits(clock[2]),
            (1...9999).contains(year), hour < 24, minute < 60, second < 61
        else { return nil }
        let month = Int64(monthIndex + 1)
        let days = daysSince1970(year: year, month: month, day: day)
        // A day the month does not have (31 Feb) comes back as another date.
        guard day >= 1, WireCoding.civilDate(daysSince1970: days) == (year, month, day) else { return nil }
        // A leap second is read as the last second of its minute, as Foundation reads it.
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + min(second, 59)
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }

    private static func digits(_ text: some StringProtocol) -> Int64? {
        guard !text.isEmpty, text.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int64(text)
    }

    /// Days from 1970-01-01 to a proleptic Gregorian date: the inverse of `WireCoding.civilDate`.
    private static func daysSince1970(year: Int64, month: Int64, day: Int64) -> Int64 {
        let marchYear = month <= 2 ? year - 1 : year
        let era = (marchYear >= 0 ? marchYear : marchYear - 399) / 400
        let yearOfEra = marchYear - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
