import SpecsmithCore
import Testing

/// Lint refuses a union without a discriminator whose cases the shape of a value cannot tell apart,
/// pointing at the case that collides.
@Suite struct ShapeUnionDiagnosticsTests {
    static let structs = """
        "User": {"kind": "struct", "fields": {"login": "string", "name": "string?"}},
        "Team": {"kind": "struct", "fields": {"slug": "string", "name": "string?"}},
        "Bot": {"kind": "struct", "fields": {"name": "string?"}},
        "Ghost": {"kind": "struct", "fields": {"note": "string?"}}
        """

    func fixture(_ union: String) -> SpecFixture {
        SpecFixture(types: Self.structs + ",\n" + #""Actor": {"kind": "union", "cases": {\#(union)}}"#)
    }

    @Test func aCaseWithoutAPayloadHasNothingToBeToldBy() {
        fixture(#""login": {"payload": "string"}, »"nobody": {}"#).expect(
            "case \"nobody\" of \"Actor\" has no payload, and a union without a discriminator has nothing else to tell it by"
        )
    }

    @Test func twoCasesOfOneKindCollide() {
        fixture(#""login": {"payload": "string"}, "id": {"payload": »"uuid"}"#).expect(
            "cases \"login\" and \"id\" of \"Actor\" both travel as a string", note: "discriminator")
    }

    @Test func numbersOfEveryWidthAreOneKind() {
        fixture(#""count": {"payload": "int"}, "score": {"payload": »"double"}"#).expect(
            "cases \"count\" and \"score\" of \"Actor\" both travel as a number")
    }

    @Test func aPayloadOfAnyShapeIsRefused() {
        fixture(#""login": {"payload": "string"}, "raw": {"payload": »"json"}"#).expect(
            "the payload \"json\" of case \"raw\" can take any shape")
        fixture(#""login": {"payload": »"string?"}"#).expect(
            "the payload \"string?\" of case \"login\" can take any shape")
    }

    @Test func objectsNoKeyTellsApartCollide() {
        fixture(#""user": {"payload": "User"}, "bot": {"payload": "Bot"}, "ghost": {"payload": »"Ghost"}"#).expect(
            "cases \"bot\" and \"ghost\" of \"Actor\" are objects that no key tells apart",
            note: "a required field that no other case has")
    }

    @Test func aMapTakesEveryObject() {
        fixture(#""user": {"payload": "User"}, "labels": {"payload": »"[string: string]"}"#).expect(
            "case \"labels\" of \"Actor\" is an object with any keys, so no other case can be an object")
    }

    @Test func aTagOnACaseNeedsADiscriminator() {
        fixture(#""user": {"payload": "User", "wire": »"USER"}"#).expect(
            "case \"user\" of type \"Actor\" names a wire value, but the union has no discriminator")
    }

    func exampleFixture(_ response: String) -> SpecFixture {
        SpecFixture(
            types: Self.structs + ",\n"
                + #""Actor": {"kind": "union", "cases": {"user": {"payload": "User"}, "team": {"payload": "Team"}, "login": {"payload": "string"}}}"#,
            endpoints: """
                "actor": {"method": "GET", "path": "/actor", "response": "Actor",
                  "examples": [{"name": "one", "response": \(response)}]}
                """)
    }

    @Test func anExampleIsCheckedAsTheCaseItsShapePicks() {
        #expect(exampleFixture(#""octocat""#).diagnostics.isEmpty)
        #expect(exampleFixture(#"{"slug": "core"}"#).diagnostics.isEmpty)
        exampleFixture("»true").expect("$ is a boolean, which no case of \"Actor\" takes")
        exampleFixture(#"»{"name": "x"}"#).expect("is an object, which no case of \"Actor\" takes")
        exampleFixture(#"{"login": »7}"#).expect("$.login is a number, not a string")
    }

    @Test func markedObjectsAndOneUnmarkedObjectPass() {
        let errors = fixture(
            #""user": {"payload": "User"}, "team": {"payload": "Team"}, "bot": {"payload": "Bot"}, "login": {"payload": "string"}, "ids": {"payload": "[int]"}"#
        ).diagnostics.filter { $0.severity == .error }
        #expect(errors.isEmpty, "\(errors)")
    }
}
