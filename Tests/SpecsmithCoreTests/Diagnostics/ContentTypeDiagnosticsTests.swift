import SpecsmithCore
import Testing

/// `contentType` on an endpoint, the spelling a newcomer tries first: JSON, a form, multipart,
/// bytes or text; a typo gets a did-you-mean, a form body holds only what a form can write, and a
/// file only what a multipart body sends.
@Suite struct ContentTypeDiagnosticsTests {
    static let types = #"""
        "NewCard": {"kind": "struct", "fields": {"token": "string", "extra": "json?"}},
        "Plain": {"kind": "struct", "fields": {"token": "string", "tags": "[string]?", "meta": "[string: string]?"}}
        """#

    static func fixture(_ contentType: String, request: String = "NewCard") -> SpecFixture {
        SpecFixture(
            types: types,
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

    @Test func aFormAnswerIsAStructAFormCanWrite() {
        let answer = { (response: String) in
            SpecFixture(
                types: Self.types,
                endpoints: """
                    "token": {"method": "POST", "path": "/t", "response": "\(response)", "responseContentType": »"application/x-www-form-urlencoded"}
                    """)
        }
        #expect(answer("Plain").diagnostics.isEmpty, "\(answer("Plain").diagnostics)")
        answer("NewCard").expect("the form answer of \"token\" cannot carry free-form JSON (NewCard.extra)")
        #expect(
            answer("string").diagnostics.map(\.message) == ["the form answer of \"token\" is \"string\", not a struct"])
    }

    /// A multipart endpoint whose body is `Upload`, with `types` beside it.
    static func upload(_ types: String, request: String = "Upload", response: String = "") -> SpecFixture {
        SpecFixture(
            types: types,
            endpoints: """
                "upload": {"method": "POST", "path": "/files", "request": "\(request)", \(response)"contentType": "multipart/form-data"}
                """)
    }

    @Test func aMultipartBodyHoldsFilesAndFormFields() {
        let fixture = Self.upload(
            #""Upload": {"kind": "struct", "fields": {"file": "file", "pages": "[file]?", "purpose": "string", "meta": "[string: string]?"}}"#
        )
        #expect(fixture.diagnostics.isEmpty, "\(fixture.diagnostics)")
    }

    @Test func aFileTravelsOnlyAtTheTopOfAMultipartBody() {
        // Nested in another struct, in a map, or in a struct no multipart endpoint sends.
        Self.upload(
            #""Upload": {"kind": "struct", "fields": {"inner": "Inner"}}, "Inner": {"kind": "struct", "fields": {"file": »"file"}}"#
        ).expect("the field \"Inner.file\" is a file, which travels only as a part of a multipart/form-data request")
        Self.upload(#""Upload": {"kind": "struct", "fields": {"files": »"[string: file]"}}"#).expect(
            "the field \"Upload.files\" is a file",
            note: "a field holds one file or a list of files ([file]), not [string: file]")
        // The same struct as a JSON body, or as an answer, would be JSON the wire never carries.
        SpecFixture(
            types: #""Upload": {"kind": "struct", "fields": {"file": »"file"}}"#,
            endpoints: #""upload": {"method": "POST", "path": "/files", "request": "Upload"}"#
        ).expect("the field \"Upload.file\" is a file")
        Self.upload(
            #""Upload": {"kind": "struct", "fields": {"file": "file"}}"#, response: #""response": »"Upload", "#
        ).expect("the response of \"upload\" holds \"Upload\", whose files travel only as parts")
        let bare = Self.upload("", request: "file").diagnostics.map(\.message)
        #expect(bare.contains { $0.hasPrefix("the request of \"upload\" is a file") }, "\(bare)")
    }

    @Test func aMultipartBodyIsAStructWithoutJSON() {
        let json = Self.upload(#""Upload": {"kind": "struct", "fields": {"file": "file", "extra": "json?"}}"#)
        #expect(
            json.diagnostics.map(\.message) == [
                "the multipart body of \"upload\" cannot carry free-form JSON (Upload.extra)"
            ])
        let list = SpecFixture(
            endpoints:
                #""upload": {"method": "POST", "path": "/files", "request": "[string]", "contentType": "multipart/form-data"}"#
        ).diagnostics.map(\.message)
        #expect(list == ["the multipart/form-data body of \"upload\" is \"[string]\", not a struct"])
    }
}
