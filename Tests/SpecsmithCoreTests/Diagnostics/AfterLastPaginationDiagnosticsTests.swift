import SpecsmithCore
import Testing

/// Stripe's paging (`starting_after` = the last item's id, `has_more`): lint takes it when the
/// answer holds items with an id and a flag, and the cursor parameter has the id's type.
@Suite struct AfterLastPaginationDiagnosticsTests {
    static let types = #"""
        "Charge": {"kind": "struct", "fields": {"id": "Charge.ID", "amount": "int"}},
        "Charge.ID": {"kind": "value", "base": "string", "minLength": 1},
        "ChargeList": {"kind": "struct", "fields": {"data": "[Charge]", "hasMore": {"type": "bool", "wire": "has_more"}}}
        """#

    static func fixture(cursorType: String = "Charge.ID?", pagination: String) -> SpecFixture {
        SpecFixture(
            types: types,
            endpoints: """
                "charges": {"method": "GET", "path": "/charges", "response": "ChargeList",
                  "parameters": {"startingAfter": {"in": "query", "wire": "starting_after", "type": "\(cursorType)"},
                    "limit": {"in": "query", "type": "int?"}},
                  "pagination": \(pagination)}
                """)
    }

    @Test func stripesShapeLintsClean() {
        let fixture = Self.fixture(
            pagination:
                #"{"style": "afterLast", "cursor": "startingAfter", "items": "data", "hasMore": "hasMore", "size": "limit"}"#
        )
        #expect(fixture.diagnostics.isEmpty, "\(fixture.diagnostics)")
    }

    @Test func theCursorHasTheTypeOfTheItemsID() {
        Self.fixture(
            cursorType: "string?",
            pagination: #"»{"style": "afterLast", "cursor": "startingAfter", "items": "data", "hasMore": "hasMore"}"#
        ).expect("names the cursor parameter \"startingAfter\", which is no Charge.ID? query parameter")
    }

    @Test func theFlagIsARequiredBool() {
        Self.fixture(
            pagination: #"»{"style": "afterLast", "cursor": "startingAfter", "items": "data", "hasMore": "amount"}"#
        ).expect("names the flag \"amount\", which is no required bool field of ChargeList")
    }

    @Test func theItemsNeedTheIDTheySay() {
        Self.fixture(
            pagination:
                #"»{"style": "afterLast", "cursor": "startingAfter", "items": "data", "hasMore": "hasMore", "itemID": "number"}"#
        ).expect("starts each page after the last item's \"number\", which is no required field of Charge")
    }

    @Test func anotherStyleHasNoFlag() {
        SpecFixture(
            endpoints: #"""
                "cards": {"method": "GET", "path": "/cards", "response": "[string]",
                  "parameters": {"page": {"in": "query", "type": "int?"}},
                  "pagination": »{"style": "page", "hasMore": "more"}}
                """#
        ).expect("is by page, so it has no \"hasMore\"")
    }
}
