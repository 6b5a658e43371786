import Foundation
import SpecsmithCore
import Testing

/// A service whose errors have a declared body type (RFC 9457-like) and no envelope: verify judges
/// an error answer by that type, and a success body bare.
@Suite struct ErrorBodyJudgeTests {
    static let fixture = SpecFixture(
        types: #"""
            "Problem": {"kind": "struct", "fields": {"message": "string", "status": "int?", "documentation_url": "url?"}},
            "Issue": {"kind": "struct", "fields": {"number": "int", "title": "string"}}
            """#,
        endpoints: #"""
            "issue": {"method": "GET", "path": "/issues/{number}", "response": "Issue",
              "parameters": {"number": {"in": "path", "type": "int"}}, "errors": ["NOT_FOUND"]}
            """#,
        errors: #"""
            "NOT_FOUND": {"status": 404, "message": "Not found."}
            """#,
        serviceExtra: #"""
            ,
            "envelope": {"error": {"message": "message", "body": "Problem"}}
            """#)

    let spec: Spec

    init() throws {
        let result = SpecLoader.load(text: Self.fixture.text, path: "Spec/issues.json")
        spec = try #require(result.validSpec, "\(result.diagnostics.rendered(file: "Spec/issues.json"))")
    }

    @Test func anErrorOfTheDeclaredBodyTypeConforms() throws {
        let answer = VerifyFixture.json(404, #"{"message": "Not Found", "documentation_url": "https://docs.example/"}"#)
        #expect(AnswerJudge(spec: spec).problems(with: answer, to: try #require(spec.endpoint(named: "issue"))) == [])
    }

    @Test func anErrorThatIsNotTheBodyTypeIsAMismatch() throws {
        let answer = VerifyFixture.json(404, #"{"unexpected": true}"#)
        #expect(
            AnswerJudge(spec: spec).problems(with: answer, to: try #require(spec.endpoint(named: "issue"))) == [
                #"the error body does not decode as Problem: $ misses "message", which "Problem" requires"#
            ])
    }

    /// As the client reads them: an empty or text body is the error this status names, and a
    /// `code` member is the body's own where every error is known by its status.
    @Test func anErrorKnownByItsStatusMayComeWithoutAJSONBodyOrWithACodeOfItsOwn() throws {
        let endpoint = try #require(spec.endpoint(named: "issue"))
        let judge = AnswerJudge(spec: spec)
        #expect(judge.problems(with: VerifyFixture.json(404, ""), to: endpoint) == [])
        #expect(judge.problems(with: VerifyFixture.json(404, "Not Found"), to: endpoint) == [])
        #expect(judge.problems(with: VerifyFixture.json(404, #"{"message": "gone", "status": 1}"#), to: endpoint) == [])
        #expect(
            judge.problems(with: VerifyFixture.json(410, ""), to: endpoint) == [
                "status 410 is neither the success status 200 nor that of a declared error (404)"
            ])
    }

    @Test func aBareSuccessBodyIsJudgedWhole() throws {
        let endpoint = try #require(spec.endpoint(named: "issue"))
        #expect(
            AnswerJudge(spec: spec).problems(
                with: VerifyFixture.json(200, #"{"number": 1, "title": "t"}"#), to: endpoint) == [])
        #expect(
            AnswerJudge(spec: spec).problems(with: VerifyFixture.json(200, #"{"unexpected": true}"#), to: endpoint) == [
                #"the body does not decode as Issue: $ misses "number", which "Issue" requires"#
            ])
    }
}
