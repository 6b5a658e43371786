import SpecsmithCore
import Testing

/// A service-wide wire naming policy spells every field without `wire` once, for a `snake_case` API.
@Suite struct WireNamingTests {
    @Test(arguments: [
        ("placedAt", "placed_at"), ("codeID", "code_id"), ("htmlURL", "html_url"), ("urlPath", "url_path"),
        ("URLPath", "url_path"), ("id", "id"), ("line2Text", "line2_text"), ("already_snake", "already_snake"),
    ])
    func snakeCaseSplitsWordsAndAcronyms(name: String, wire: String) {
        #expect(WireNaming.snakeCase.wireName(for: name) == wire)
        #expect(WireNaming.camelCase.wireName(for: name) == name)
    }

    @Test func snakeCaseServiceSpellsFieldsWithoutWireAndKeepsAnExplicitOne() throws {
        let fixture = SpecFixture(
            types:
                #""Order": {"kind": "struct", "fields": {"placedAt": "date", "htmlURL": {"type": "url"}, "total": {"type": "int", "wire": "Total"}}}"#,
            serviceExtra: #", "wireNaming": "snake_case""#)
        let result = SpecLoader.load(text: fixture.text, path: "Spec/shop.json")
        #expect(result.diagnostics.all.isEmpty, "\(result.diagnostics.all.map(\.message))")
        guard case let .structure(order)? = try #require(result.spec).types.first?.kind else {
            Issue.record("expected a struct")
            return
        }
        #expect(order.fields.map(\.wireName) == ["placed_at", "html_url", "Total"])
    }

    @Test func twoFieldsThatMeetOnTheWireAreRefused() {
        SpecFixture(
            types: #""Order": {"kind": "struct", "fields": {"placedAt": "date", »"placed_at": "date"}}"#,
            serviceExtra: #", "wireNaming": "snake_case""#
        ).expect("placed_at")
    }

    @Test func unknownWireNamingIsRefusedWhereWritten() {
        SpecFixture(serviceExtra: #", "wireNaming": »"kebab""#).expect("unknown wire naming \"kebab\"")
    }
}
