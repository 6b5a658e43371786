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

    @Test func bytesAndTextTravelAsTheyAreWhenTheTypeFits() {
        for (type, request) in [("application/octet-stream", "bytes"), ("text/plain", "string")] {
            let fixture = Self.fixture(type, request: request)
            #expect(fixture.diagnostics.isEmpty, "\(fixture.diagnostics)")
        }
        // The type is what is wrong: lint points at the request.
        for (type, request, wanted) in [
            ("text/plain", "bytes", "string"), ("application/octet-stream", "Plain", "bytes"),
        ] {
            let messages = Self.fixture(type, request: request).diagnostics.map(\.message)
            #expect(
                messages == [
                    "the request of \"addCard\" travels as \(type), so it is \"\(wanted)\", not \"\(request)\""
                ])
        }
    }

    @Test func aResponseContentTypeIsBytesOrTextOfAResponse() {
        let endpoint = { (response: String, type: String) in
            SpecFixture(
                endpoints: """
                    "receipt": {"method": "GET", "path": "/r", \(response)"responseContentType": »"\(type)"}
                    """)
        }
        #expect(endpoint(#""response": "string", "#, "text/plain").diagnostics.isEmpty)
        endpoint(#""response": "string", "#, "text/csv").expect(
            "unknown response content type \"text/csv\" of \"receipt\"")
        endpoint("", "application/octet-stream").expect(
            "\"receipt\" answers no body, so it has no response content type")
        let mismatch = endpoint(#""response": "string", "#, "application/octet-stream").diagnostics.map(\.message)
        #expect(
            mismatch == [
                "the response of \"receipt\" travels as application/octet-stream, so it is \"bytes\", not \"string\""
            ])
    }

    @Test func multipartIsNamedAsNotYetSupported() {
        Self.fixture("multipart/form-data", request: "Plain").expect("is not supported yet")
    }
}
