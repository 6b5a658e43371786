import SpecsmithCore
import SpecsmithGenerator
import Testing

/// What the export, the mock's error template and lint derive from one spec agree: an error body is
/// a valid value of the declared type, answers are open unless the spec closes them, and lint asks
/// for the errors the mock needs to answer by itself.
@Suite struct SpecObeyedExportTests {
    /// A payments API whose errors are RFC 9457 problems told apart by status, with `extra` added to
    /// its errors.
    static func problemSpec(errors extra: String = "", closed: Bool = false) -> String {
        shopSpec(
            """
            "types": {
              "Problem": {"kind": "struct", "fields": {"title": "string", "status": "int?", "detail": "string?",
                                                    "type": "url?"}},
              "Refund": {"kind": "struct", \(closed ? "\"closed\": true, " : "")"fields": {"id": "string", "amount": "int"}},
              "NewRefund": {"kind": "struct", "fields": {"amount": "int?"}}
            },
            "endpoints": {
              "refund": {"method": "POST", "path": "/refunds", "request": "NewRefund?", "response": "Refund",
                         "errors": ["NOT_FOUND"]}
            },
            "errors": {\(extra)"NOT_FOUND": {"status": 404, "message": "No such payment."}}
            """,
            auth: """
                "auth": {"key": {"kind": "appKey", "header": "X-API-Key"}}, "defaultAuth": ["key"],
                "envelope": {"error": {"message": "detail", "body": "Problem"}}
                """)
    }

    @Test func theErrorBodyIsTheDeclaredTypeWithStatusTitleAndDetail() throws {
        let resolved = try spec(
            Self.problemSpec(
                errors: #""BAD": {"status": 400, "message": "Bad."}, "NOPE": {"status": 401, "message": "No key."}, "#))
        let shape = try #require(ErrorBodyShape(spec: resolved.spec))
        let body = shape.filled(status: 402, code: nil, message: "The card was declined.")
        #expect(
            JSONText.compact(body) == #"{"title":"Payment Required","detail":"The card was declined.","status":402}"#)
    }

    @Test func theEnvelopeShapeCarriesCodeAndMessageInItsContainer() throws {
        let resolved = try spec(
            shopSpec(
                #""types": {}, "endpoints": {}, "errors": {"SOLD_OUT": {"code": 7, "message": "Gone."}}"#,
                auth: #""envelope": {"error": {"container": "error", "code": "code", "message": "message"}}"#))
        let shape = try #require(ErrorBodyShape(spec: resolved.spec))
        #expect(
            JSONText.compact(shape.filled(status: 422, code: 7, message: "Gone."))
                == #"{"error":{"code":7,"message":"Gone."}}"#)
        #expect(JSONText.compact(shape.filled(status: 404, code: nil, message: "x")) == #"{"error":{"message":"x"}}"#)
    }

    @Test func aValueTypeDrawsItsConstantAndAPatternWithoutOneCannotBeDrawn() throws {
        let resolved = try spec(
            shopSpec(
                """
                "types": {
                  "Currency": {"kind": "value", "base": "string", "pattern": "[A-Z]{3}", "constants": {"euro": "EUR"}},
                  "Code": {"kind": "value", "base": "string", "pattern": "[0-9]{6}"},
                  "Count": {"kind": "value", "base": "int", "minimum": 2, "maximum": 36}
                },
                "endpoints": {}
                """))
        let samples = SampleValues(spec: resolved.spec)
        #expect(samples.sample(of: .named("Currency")).map(JSONText.compact) == #""EUR""#)
        #expect(samples.sample(of: .named("Code")) == nil)
        #expect(samples.sample(of: .named("Count")).map(JSONText.compact) == "2")
    }

    @Test func answersAreOpenRequestsAndClosedTypesAreNot() throws {
        for closed in [false, true] {
            let resolved = try spec(
                Self.problemSpec(
                    errors:
                        #""BAD": {"status": 400, "message": "Bad."}, "NOPE": {"status": 401, "message": "No key."}, "#,
                    closed: closed))
            let document = try JSONParser.parse(OpenAPIExporter(resolved).document())
            let schemas = try #require(document["components"]?["schemas"])
            #expect(schemas["Refund"]?["additionalProperties"].map(JSONText.compact) == (closed ? "false" : nil))
            #expect(schemas["Problem"]?["additionalProperties"] == nil)
            #expect(schemas["NewRefund"]?["additionalProperties"].map(JSONText.compact) == "false")
            let body = try #require(document["paths"]?["/refunds"]?["post"]?["requestBody"])
            #expect(body["required"].map(JSONText.compact) == "false")
        }
    }

    @Test func lintAsksForAnErrorForEveryStatusTheMockAnswersByItself() throws {
        let result = SpecLoader.load(text: Self.problemSpec(), path: "Spec/test.json")
        let warnings = result.diagnostics.all.filter { $0.severity == .warning }
        #expect(
            warnings.map(\.message).map { String($0.prefix(24)) } == [
                "the mock answers 400 whe", "the mock answers 401 whe",
            ])
        let body = try #require(result.resolved?.spec.service.errorBody)
        #expect(warnings.allSatisfy { $0.location == body.location })
        #expect(
            warnings.first?.note == #"declare an error for 400: "INVALID_REQUEST": { "status": 400, "message": "…" }"#)
    }
}
