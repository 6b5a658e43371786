import Foundation
@_spi(Generated) import SpecsmithRuntime
import Testing

/// Unix times and HTTP-dates as the wire writes them: whole units as numbers, RFC 9110's three
/// date forms read and IMF-fixdate written, impossible dates refused.
@Suite struct WireTimeTests {
    struct Stamped: Codable, Equatable {
        var at: WireTime<UnixSeconds>
        var atMs: WireTime<UnixMilliseconds>
        var modified: WireTime<HTTPDate>
    }

    @Test func unixTimesAreWholeNumbersAndReadBackAsTheDate() throws {
        let date = Date(timeIntervalSince1970: 1_680_000_000.789)
        let value = Stamped(at: .init(date), atMs: .init(date), modified: .init(date))
        let json = String(decoding: try WireCoding.encode(value), as: UTF8.self)
        #expect(json == #"{"at":1680000000,"atMs":1680000000789,"modified":"Tue, 28 Mar 2023 10:40:00 GMT"}"#)
        let read = try WireCoding.decode(Stamped.self, from: Data(json.utf8))
        #expect(read.at.date == Date(timeIntervalSince1970: 1_680_000_000))
        #expect(abs(read.atMs.date.timeIntervalSince1970 - 1_680_000_000.789) < 0.000_5)
        // A server that sends a fraction is read as it sent it.
        let fractional = try WireCoding.decode(WireTime<UnixSeconds>.self, from: Data("1.5".utf8))
        #expect(fractional.date == Date(timeIntervalSince1970: 1.5))
        // Before 1970, whole units round down, so they never move a date forward.
        #expect(WireTime<UnixSeconds>(Date(timeIntervalSince1970: -0.5)).parameterValue == "-1")
    }

    @Test func textWhereANumberBelongsIsADecodingError() {
        #expect(throws: DecodingError.self) {
            try WireCoding.decode(WireTime<UnixSeconds>.self, from: Data(#""2026-01-01T00:00:00Z""#.utf8))
        }
        #expect(WireTime<UnixSeconds>(parameterValue: "yesterday") == nil)
        #expect(
            WireTime<UnixMilliseconds>(parameterValue: "1680000000789")?.date.timeIntervalSince1970 == 1_680_000_000.789
        )
    }

    @Test func allThreeHTTPDateFormsReadAsTheSameMoment() throws {
        let moment = Date(timeIntervalSince1970: 784_111_777)
        for text in ["Sun, 06 Nov 1994 08:49:37 GMT", "Sunday, 06-Nov-94 08:49:37 GMT", "Sun Nov  6 08:49:37 1994"] {
            #expect(WireTime<HTTPDate>(parameterValue: text)?.date == moment, "\(text)")
        }
        #expect(WireTime<HTTPDate>(moment).parameterValue == "Sun, 06 Nov 1994 08:49:37 GMT")
        #expect(
            WireTime<HTTPDate>(Date(timeIntervalSince1970: 951_782_400)).parameterValue
                == "Tue, 29 Feb 2000 00:00:00 GMT")
    }

    @Test func impossibleOrZonedHTTPDatesAreRefused() {
        for text in [
            "Sat, 31 Feb 2026 00:00:00 GMT", "Sun, 06 Nov 1994 08:49:37 CET", "Sun, 06 Nov 1994 24:00:00 GMT",
            "Sun, 6 Nov 1994 08:49:37 GMT", "Sun, 06 Nov 1994 08:49 GMT", "Xyz, 06 Nov 1994 08:49:37 GMT",
            "1994-11-06T08:49:37Z", "", "Sun, 06 Nov +994 08:49:37 GMT",
        ] {
            #expect(WireTime<HTTPDate>(parameterValue: text) == nil, "\(text)")
        }
    }

    @Test func everyDayOfFourCenturiesSurvivesItsOwnRoundTrip() {
        // 1601 to 2400 covers the 100- and 400-year leap rules on both sides of 1970.
        var day = Date(timeIntervalSince1970: -11_644_473_600)
        let end = Date(timeIntervalSince1970: 13_569_465_600)
        var checked = 0
        while day < end {
            let noon = day.addingTimeInterval(43_261)
            #expect(WireTime<HTTPDate>(parameterValue: WireTime<HTTPDate>(noon).parameterValue)?.date == noon)
            day = day.addingTimeInterval(86_400 * 7)
            checked += 1
        }
        #expect(checked > 40_000)
    }
}
