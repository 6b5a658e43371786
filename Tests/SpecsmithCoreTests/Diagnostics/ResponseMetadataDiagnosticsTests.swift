import SpecsmithCore
import Testing

/// A declared success status and response headers are refused where they could not be true on the
/// wire or would not compile.
@Suite struct ResponseMetadataDiagnosticsTests {
    @Test(arguments: [404, 299, 100])
    func theStatusIsOneASuccessCanHave(status: Int) {
        SpecFixture(endpoints: #""card": {"method": "POST", "path": "/cards", "status": »\#(status)}"#).expect(
            "\(status) is not a success status \"card\" can declare", note: "202")
    }

    @Test func noContentHasNoBody() {
        SpecFixture(
            types: #""Card": {"kind": "struct", "fields": {"number": "string"}}"#,
            endpoints: #""card": {"method": "POST", "path": "/cards", "status": 204, "response": »"Card"}"#
        ).expect("\"card\" answers 204 No Content, which has no body, but declares a response", note: "remove")
    }

    @Test(arguments: [
        ("[string]", "cannot be a list ([string])"), ("Card", "cannot be the struct \"Card\""),
        ("bytes", "cannot be bytes"),
    ])
    func aResponseHeaderIsOneValue(type: String, message: String) {
        SpecFixture(
            types: #""Card": {"kind": "struct", "fields": {"number": "string"}}"#,
            endpoints:
                #""card": {"method": "GET", "path": "/cards", "responseHeaders": {"link": {"type": »"\#(type)"}}}"#
        ).expect("response header \"link\" of \"card\" \(message)", note: "a header is one")
    }

    /// A reply reads its body's members through it; one named like the reply's own would be hidden.
    @Test(arguments: ["responseBody", "responseHeaders", "httpStatus"])
    func aBodyMemberIsNotNamedLikeTheReplysOwn(name: String) {
        SpecFixture(
            types: #""Card": {"kind": "struct", "fields": {"number": "string", »"\#(name)": "string"}}"#,
            endpoints: #"""
                "card": {"method": "GET", "path": "/cards", "response": "Card",
                  "responseHeaders": {"etag": {"wire": "ETag", "type": "string"}}}
                """#
        ).expect("the member name \"\(name)\" of \"Card\" is hidden on the reply of \"card\"", note: "rename")
    }

    /// The names a body most often has, `status`, `headers` and `body`, are the body's on a reply.
    @Test func aBodyMayHaveStatusHeadersAndBodyMembers() {
        let fixture = SpecFixture(
            types:
                #""Card": {"kind": "struct", "fields": {"status": "string", "headers": "string", "body": "string"}}"#,
            endpoints: #"""
                "card": {"method": "GET", "path": "/cards", "response": "Card",
                  "responseHeaders": {"etag": {"wire": "ETag", "type": "string"}}}
                """#)
        #expect(fixture.diagnostics.isEmpty, "\(fixture.diagnostics)")
    }

    @Test func aResponseHeaderHasAHeaderName() {
        SpecFixture(
            endpoints:
                #""card": {"method": "GET", "path": "/cards", "responseHeaders": {»"next": {"wire": "Next Page", "type": "url"}}}"#
        ).expect("\"Next Page\" is not an HTTP header name", note: "a header name is")
    }

    @Test func twoResponseHeadersCannotBeOneHeaderInAnotherCase() {
        SpecFixture(
            endpoints: """
                "card": {"method": "GET", "path": "/cards", "responseHeaders": {
                  "etag": {"wire": "ETag", "type": "string"}, »"version": {"wire": "etag", "type": "string"}}}
                """
        ).expect("response header \"version\" of \"card\" repeats the header etag, whose name is not case-sensitive")
    }

    @Test func aResponseHeaderIsNotAnInExplodeOrParameterKey() {
        SpecFixture(
            endpoints:
                #""card": {"method": "GET", "path": "/cards", "responseHeaders": {"etag": {"type": "string", »"in": "header"}}}"#
        ).expect("unknown key \"in\"")
    }

    @Test func theHeadersTypeTakesNoNameATypeHasOrTheGeneratorNeeds() {
        SpecFixture(
            types: #""CardHeaders": {"kind": "struct", "fields": {"number": "string"}}"#,
            endpoints: #""card": {"method": "GET", "path": "/cards", "responseHeaders": {»"etag": {"type": "string"}}}"#
        ).expect("the response headers of \"card\" are the generated type \"CardHeaders\"", note: "rename the type")
        SpecFixture(
            endpoints:
                #""response": {"method": "GET", "path": "/cards", "responseHeaders": {»"etag": {"type": "string"}}}"#
        ).expect("would be the generated type \"ResponseHeaders\"", note: "rename the endpoint")
    }

    @Test func theIdempotencyKeyIsAHeaderNoParameterSendsOnAnEndpointThatIsNotAGet() {
        SpecFixture(endpoints: #""pay": {"method": "POST", "path": "/pay", "idempotencyKey": »"Idempotency Key"}"#)
            .expect("the idempotency key header \"Idempotency Key\" of \"pay\" is not an HTTP header name")
        SpecFixture(
            endpoints: """
                "pay": {"method": "POST", "path": "/pay", "idempotencyKey": "Idempotency-Key",
                        "parameters": {»"key": {"in": "header", "wire": "idempotency-key", "type": "string"}}}
                """
        ).expect(
            "the header parameter \"key\" of \"pay\" is the idempotency key's header", note: "remove the parameter")
        SpecFixture(endpoints: #""pay": {"method": "GET", "path": "/pay", "idempotencyKey": »"Idempotency-Key"}"#)
            .expect("GET endpoint \"pay\" is idempotent already")
    }

    @Test func paginationPagesAListThatAGetAnswers() {
        SpecFixture(
            types: #""Card": {"kind": "struct", "fields": {"number": "string"}}"#,
            endpoints:
                #""cards": {"method": "GET", "path": "/cards", "response": "Card", "pagination": »{"style": "page"}}"#
        ).expect("the pagination of \"cards\" pages Card, which is no list", note: "\"items\"")
        SpecFixture(
            endpoints:
                #""cards": {"method": "POST", "path": "/cards", "response": "[string]", "pagination": »{"style": "link"}}"#
        ).expect("the pagination of \"cards\" needs a GET endpoint")
    }

    @Test func paginationParametersAreOptionalQueryParametersOfTheirType() {
        SpecFixture(
            endpoints: """
                "cards": {"method": "GET", "path": "/cards", "response": "[string]",
                          "parameters": {"page": {"in": "query", "type": "string?"}}, "pagination": »{"style": "link"}}
                """
        ).expect("names the page parameter \"page\", which is no int? query parameter")
        SpecFixture(
            types: #""Page": {"kind": "struct", "fields": {"items": "[string]", "next": "string"}}"#,
            endpoints: """
                "cards": {"method": "GET", "path": "/cards", "response": "Page",
                          "parameters": {"after": {"in": "query", "type": "string?"}},
                          "pagination": »{"style": "cursor", "cursor": "after", "next": "next", "items": "items"}}
                """
        ).expect("names the next cursor \"next\", which is no string? field of Page")
        SpecFixture(
            endpoints:
                #""cards": {"method": "GET", "path": "/cards", "response": "[string]", "pagination": »{"style": "cursor"}}"#
        ).expect("is by cursor, so it needs \"cursor\"")
    }

    @Test func aPagesMethodTakesANameNoEndpointHas() {
        SpecFixture(
            endpoints: """
                "cards": {"method": "GET", "path": "/cards", "response": "[string]",
                          "parameters": {"page": {"in": "query", "type": "int?"}}, "pagination": {"style": "page"}},
                »"cardsPages": {"method": "GET", "path": "/pages"}
                """
        ).expect("the endpoint name \"cardsPages\" is taken by the pages method")
    }
}
