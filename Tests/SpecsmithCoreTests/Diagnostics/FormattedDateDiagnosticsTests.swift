import SpecsmithCore
import Testing

/// Unix times and HTTP-dates are dates in another form: lint takes them where generated code
/// converts them (fields, parameters, headers), refuses them where it cannot, and judges examples
/// and defaults by their wire form.
@Suite struct FormattedDateDiagnosticsTests {
    static let charge = #"""
        "Charge": {"kind": "struct", "fields": {
          "created": "unixSeconds", "settled": "unixMilliseconds?", "seen": {"type": "[unixSeconds]", "default": []},
          "expires": {"type": "httpDate", "nullable": true}}}
        """#

    @Test func fieldsParametersAndHeadersTakeThemAndExamplesAreJudgedByTheirWireForm() {
        let fixture = SpecFixture(
            types: Self.charge,
            endpoints: #"""
                "charge": {"method": "GET", "path": "/charges/{at}", "response": "Charge",
                  "parameters": {"at": {"in": "path", "type": "unixMilliseconds"},
                    "since": {"in": "header", "wire": "If-Modified-Since", "type": "httpDate?"}},
                  "responseHeaders": {"modified": {"wire": "Last-Modified", "type": "httpDate"}},
                  "examples": [{"name": "one", "response": {"created": 1680000000, "settled": 1680000000123,
                    "seen": [1680000000], "expires": "Sun, 06 Nov 1994 08:49:37 GMT"}}]}
                """#)
        #expect(fixture.diagnostics.isEmpty, "\(fixture.diagnostics)")
    }

    @Test func anISODateWhereUnixSecondsAreDeclaredIsRefused() {
        SpecFixture(
            types: Self.charge,
            endpoints: #"""
                "charge": {"method": "GET", "path": "/charge", "response": "Charge",
                  "examples": [{"name": "one", "response": {"created": »"2026-01-01T00:00:00Z", "expires": null}}]}
                """#
        ).expect("a number of seconds since 1970")
    }

    @Test func anHTTPDateMustBeOne() {
        SpecFixture(
            types: Self.charge,
            endpoints: #"""
                "charge": {"method": "GET", "path": "/charge", "response": "Charge",
                  "examples": [{"name": "one", "response": {"created": 1, "expires": »"31 Feb 2026"}}]}
                """#
        ).expect("an HTTP-date string")
    }

    @Test func aBodyCannotBeADateAlone() {
        SpecFixture(endpoints: #""now": {"method": "GET", "path": "/now", "response": »"unixSeconds"}"#).expect(
            "the response of \"now\" cannot be a \"unixSeconds\" date", note: "wrap it in a struct")
    }

    @Test func aUnionPayloadCannotBeOne() {
        SpecFixture(
            types: #"""
                "When": {"kind": "union", "discriminator": "kind", "cases": {
                  "at": {"wire": "AT", "payload": »"httpDate", "field": "at"}}}
                """#
        ).expect("the payload of case \"at\" cannot be a \"httpDate\" date")
    }

    @Test func aValueCannotBeBuiltOnOne() {
        SpecFixture(types: #""Stamp": {"kind": "value", "base": »"unixSeconds"}"#).expect(
            "cannot be \"unixSeconds\": a date in that form is the type of a field, parameter or header")
    }
}
