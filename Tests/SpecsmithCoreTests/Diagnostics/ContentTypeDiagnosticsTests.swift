import SpecsmithCore
import Testing

/// `contentType` on an endpoint, the spelling a newcomer tries first: a form or JSON; what the
/// format cannot say yet is named as such, a typo gets a did-you-mean, and a form body holds only
/// what a form can write.
@Suite struct ContentTypeDiagnosticsTests {
    static func fixture(_ contentType: String, request: String = "NewCard") -> SpecFixture {
        SpecFixture(
            types: #"""
                "NewCard": {"kind": "struct", "fields": {"token": "string", "extra": "json?"}},
                "Plain": {"kind": "struct", "fields": {"token": "string", "tags": "[string]?", "meta": "[string: string]?"}}
                """#,
            endpoints: """
                "addCard": {"method": "POST", "path": "/cards", "request": "\(request)", "contentType": »"\(contentType)"}
                """)
    }

    @Test func aFormOfPlainFieldsLintsClean() {
        let fixture = Self.fixture("application/x-www-form-urlencoded", request: "Plain")
        #expect(fixture.diagnostics.isEmpty, "\(fixture.diagnostics)")
    }

    @Test func freeFormJSONCannotTravelInAForm() {
        Self.fixture("application/x-www-form-urlencoded").expect(
            "the form body of \"addCard\" cannot carry free-form JSON (NewCard.extra)")
    }

    @Test func aTypoGetsADidYouMean() {
        Self.fixture("application/x-www-form-urlencode", request: "Plain").expect(
            "unknown request content type", note: "did you mean \"application/x-www-form-urlencoded\"?")
    }

    @Test func multipartIsNamedAsNotYetSupported() {
        Self.fixture("multipart/form-data", request: "Plain").expect("is not supported yet")
    }
}
