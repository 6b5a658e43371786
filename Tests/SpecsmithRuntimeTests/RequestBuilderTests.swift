import Foundation
@_spi(Generated) import SpecsmithRuntime
import Testing

@Suite struct RequestBuilderTests {
    let base = URL(string: "https://api.example/v1/")!

    @Test func pathParametersAreEncodedAsOneSegment() throws {
        let url = try RequestBuilder.url(
            base: base, path: "/cards/{id}/x", pathParameters: ["id": "a/b ?#ç"], query: [])
        #expect(url.absoluteString == "https://api.example/v1/cards/a%2Fb%20%3F%23%C3%A7/x")
    }

    @Test func queryItemsEscapeTheirSeparators() throws {
        let url = try RequestBuilder.url(
            base: base, path: "/s", pathParameters: [:], query: [("q", "a&b=c+d"), ("n", "1")])
        #expect(url.absoluteString == "https://api.example/v1/s?q=a%26b%3Dc%2Bd&n=1")
    }

    @Test(arguments: ["", ".", ".."])
    func dotSegmentsCannotEscapeThePath(value: String) {
        #expect(throws: ClientFailure.Reason.self) {
            try RequestBuilder.url(base: base, path: "/cards/{id}", pathParameters: ["id": value], query: [])
        }
    }

    @Test func missingPathValueIsAnInvalidRequest() {
        #expect(throws: ClientFailure.Reason.invalidRequest("no value for the path parameter {id}")) {
            try RequestBuilder.url(base: base, path: "/cards/{id}", pathParameters: [:], query: [])
        }
    }
}

@Suite struct WireCodingTests {
    struct Money: Codable, Equatable {
        var amount: Decimal
        var at: Date
    }

    @Test func decimalsTravelExactly() throws {
        let money = Money(amount: Decimal(string: "0.1")! + Decimal(string: "0.2")!, at: Date(timeIntervalSince1970: 0))
        #expect(
            String(decoding: try WireCoding.encode(money), as: UTF8.self)
                == #"{"amount":0.3,"at":"1970-01-01T00:00:00Z"}"#)
        let big = try WireCoding.decode(
            Money.self, from: Data(#"{"amount": 12345678901234567890.123456789, "at": "1970-01-01T00:00:00Z"}"#.utf8))
        #expect(big.amount == Decimal(string: "12345678901234567890.123456789"))
    }

    @Test(arguments: ["2026-11-30T10:00:00Z", "2026-11-30T10:00:00.250Z", "2026-11-30T13:00:00+03:00"])
    func datesParseWithAndWithoutFractions(text: String) throws {
        let date = try #require(WireCoding.parseDate(text))
        #expect(abs(date.timeIntervalSince1970 - 1_796_032_800) < 1)
    }

    @Test func datesKeepMillisecondsOnlyWhenPresent() {
        #expect(WireCoding.formatDate(Date(timeIntervalSince1970: 1_796_032_800)) == "2026-11-30T10:00:00Z")
        #expect(WireCoding.formatDate(Date(timeIntervalSince1970: 1_796_032_800.25)) == "2026-11-30T10:00:00.250Z")
    }

    @Test func badDateNamesTheProblem() {
        #expect(throws: DecodingError.self) {
            try WireCoding.decode(Money.self, from: Data(#"{"amount": 1, "at": "yesterday"}"#.utf8))
        }
    }
}

@Suite struct ValueRuleTests {
    @Test func sensitiveFailuresDoNotRepeatTheValue() {
        #expect(throws: ValueRuleFailure(type: "Card", rule: .luhn, value: nil)) {
            try ValueRule.check("4111111111111112", [.luhn], type: "Card", sensitive: true)
        }
    }

    @Test func failuresSayWhichRuleBroke() {
        let failure = ValueRuleFailure(type: "GSMNO", rule: .pattern("5[0-9]{9}"), value: "123")
        #expect(failure.description == "\"123\" is not a valid GSMNO: it does not match 5[0-9]{9}")
    }

    @Test(arguments: [
        ("4111111111111111", true), ("5555555555554444", true), ("4000000000000002", true), ("4111111111111112", false),
        ("", false), ("41x1", false),
    ])
    func luhn(number: String, valid: Bool) {
        #expect(Luhn.isValid(number) == valid)
    }

    @Test func patternMustMatchTheWholeValue() throws {
        #expect(throws: ValueRuleFailure.self) {
            try ValueRule.check("5000000001x", [.pattern("5[0-9]{9}")], type: "GSMNO")
        }
        try ValueRule.check("5000000001", [.pattern("5[0-9]{9}")], type: "GSMNO")
    }
}

@Suite struct DateRoundTripTests {
    @Test(arguments: [0.123, 0.001, 0.999, 0.5, 0.0004, 0.9996])
    func datesSurviveTheirOwnRoundTrip(fraction: Double) throws {
        let date = Date(timeIntervalSince1970: 1_796_032_800 + fraction)
        let text = WireCoding.formatDate(date)
        let again = try #require(WireCoding.parseDate(text))
        #expect(WireCoding.formatDate(again) == text)
    }
}

@Suite struct RFC3339Tests {
    @Test(arguments: [
        ("1970-01-01T00:00:00Z", 0.0), ("2026-11-30T10:00:00Z", 1_796_032_800),
        ("2026-11-30T13:00:00+03:00", 1_796_032_800),
        ("2026-11-30T10:00:00.25Z", 1_796_032_800.25), ("2026-11-30T10:00:00.123456z", 1_796_032_800.123456),
        ("0383-03-08T03:05:27.95+22:51", -50_075_264_732.05), ("2024-02-29t00:00:00-00:30", 1_709_166_600),
    ])
    func parsesEveryRFC3339Form(text: String, seconds: Double) throws {
        let date = try #require(WireCoding.parseDate(text))
        #expect(abs(date.timeIntervalSince1970 - seconds) < 0.0001)
    }

    @Test(arguments: [
        "2026-13-01T00:00:00Z", "2023-02-29T00:00:00Z", "2026-11-30T10:00:00", "2026-11-30 10:00Z", "", "x",
        "2026-11-30T10:00:00+24:00",
    ])
    func refusesWhatIsNotRFC3339(text: String) {
        #expect(WireCoding.parseDate(text) == nil)
    }
}
