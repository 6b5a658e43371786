import SpecsmithCore
import Testing

/// An example in a spec is a wire value of its endpoint's types; lint points at the part that is not.
@Suite struct ExampleDiagnosticsTests {
    static let types = #"""
        "Money": {"kind": "value", "base": "decimal", "scale": 2, "minimum": 0},
        "State": {"kind": "enum", "open": false, "cases": {"open": "OPEN", "closed": "CLOSED"}},
        "Card": {"kind": "struct", "fields": {
          "id": "uuid", "number": {"type": "string", "wire": "card_number"}, "state": "State",
          "limit": "Money?", "issued": "date?", "tags": {"type": "[string]", "default": []}}},
        "Answer": {"kind": "union", "discriminator": "kind", "cases": {
          "card": {"wire": "CARD", "payload": "Card", "field": "card"}, "none": {"wire": "NONE"}}}
        """#

    static func fixture(response: String) -> SpecFixture {
        SpecFixture(
            types: types,
            endpoints: """
                "card": {"method": "GET", "path": "/card", "response": "Answer",
                  "examples": [{"name": "one", "response": \(response)}]}
                """)
    }

    @Test func anExampleThatFitsIsClean() {
        let fixture = Self.fixture(
            response: #"""
                {"kind": "CARD", "card": {"id": "3f2504e0-4f89-11d3-9a0c-0305e82c3301", "card_number": "4242",
                  "state": "OPEN", "limit": 10.50, "issued": "2026-12-01T10:00:00.250Z"}}
                """#)
        #expect(fixture.diagnostics.isEmpty, "\(fixture.diagnostics)")
    }

    @Test func aFieldIsNamedByItsWireName() {
        Self.fixture(
            response:
                #"{"kind": "CARD", "card": {"id": "3f2504e0-4f89-11d3-9a0c-0305e82c3301", »"number": "4", "state": "OPEN"}}"#
        ).expect("\"Card\" has no field \"number\" on the wire")
    }

    @Test func aRequiredFieldMustBeThere() {
        Self.fixture(response: #"{"kind": "CARD", "card": »{"card_number": "4", "state": "OPEN"}}"#)
            .expect("$.card misses \"id\", which \"Card\" requires")
    }

    @Test func aClosedEnumTakesOnlyItsWireValues() {
        Self.fixture(
            response:
                #"{"kind": "CARD", "card": {"id": "3f2504e0-4f89-11d3-9a0c-0305e82c3301", "card_number": "4", "state": »"open"}}"#
        ).expect("\"open\" is no wire value of the closed enum \"State\"")
    }

    @Test func aValueKeepsItsRules() {
        Self.fixture(
            response:
                #"{"kind": "CARD", "card": {"id": "3f2504e0-4f89-11d3-9a0c-0305e82c3301", "card_number": "4", "state": "OPEN", "limit": »1.005}}"#
        ).expect("1.005 breaks the rule \"scale\" of \"Money\"")
    }

    @Test func aDateIsISO8601() {
        Self.fixture(
            response:
                #"{"kind": "CARD", "card": {"id": "3f2504e0-4f89-11d3-9a0c-0305e82c3301", "card_number": "4", "state": "OPEN", "issued": »"yesterday"}}"#
        ).expect("$.card.issued is \"yesterday\", not an ISO-8601 date string")
    }

    @Test func aUnionNeedsAKnownDiscriminator() {
        Self.fixture(response: #"{"kind": »"GONE"}"#).expect("\"GONE\" selects no case of \"Answer\"")
    }

    @Test func anExampleNeedsSomethingToFit() {
        SpecFixture(
            endpoints:
                #""ping": {"method": "GET", "path": "/ping", "examples": [{"name": "x", "response": »{"ok": true}}]}"#
        ).expect("the endpoint declares no response")
    }
}
