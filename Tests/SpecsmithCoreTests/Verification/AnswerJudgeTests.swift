import Foundation
import SpecsmithCore
import Testing

/// `specsmith verify` holds each answer to the spec: status, declared headers, content type, and a
/// body that decodes as the response inside the envelope or as a declared error.
@Suite struct AnswerJudgeTests {
    let spec: Spec
    let judge: AnswerJudge

    init() throws {
        spec = try VerifyFixture.resolved().spec
        judge = AnswerJudge(spec: spec)
    }

    func endpoint(_ name: String) throws -> Endpoint {
        try #require(spec.endpoint(named: name))
    }

    @Test func aConformingSuccessHasNoProblem() throws {
        let answer = VerifyFixture.json(
            200, #"{"result": "ok", "data": {"id": "c1", "number": "4242"}}"#, headers: ["ETag": "\"v1\""])
        #expect(judge.problems(with: answer, to: try endpoint("card")) == [])
    }

    @Test func aMemberTheSpecDoesNotListIsAccepted() throws {
        let answer = VerifyFixture.json(
            200, #"{"result": "ok", "data": {"id": "c1", "number": "4242", "brand": "VISA"}, "traceId": "t"}"#,
            headers: ["etag": "\"v1\""])
        #expect(judge.problems(with: answer, to: try endpoint("card")) == [])
    }

    @Test func aMissingRequiredMemberIsAMismatch() throws {
        let answer = VerifyFixture.json(200, #"{"result": "ok", "data": {"id": "c1"}}"#, headers: ["ETag": "x"])
        #expect(
            judge.problems(with: answer, to: try endpoint("card")) == [
                #"the body does not decode as Card: $.data misses "number", which "Card" requires"#
            ])
    }

    @Test func aMemberOfTheWrongKindIsAMismatch() throws {
        let answer = VerifyFixture.json(201, #"{"result": "ok", "data": {"id": 7, "number": "4242"}}"#)
        #expect(
            judge.problems(with: answer, to: try endpoint("addCard")) == [
                "the body does not decode as Card: $.data.id is a number, not a string"
            ])
    }

    @Test func aRequiredResponseHeaderMustBeThere() throws {
        let answer = VerifyFixture.json(200, #"{"result": "ok", "data": {"id": "c1", "number": "4242"}}"#)
        #expect(
            judge.problems(with: answer, to: try endpoint("card")) == [
                #"the header "ETag" is missing; the spec declares it required"#
            ])
    }

    @Test func theSuccessStatusIsTheDeclaredOne() throws {
        let answer = VerifyFixture.json(200, #"{"result": "ok", "data": {"id": "c1", "number": "4242"}}"#)
        #expect(
            judge.problems(with: answer, to: try endpoint("addCard")) == [
                "status 200 is neither the success status 201 nor that of a declared error (401, 404, 422)"
            ])
    }

    @Test func anUndeclaredStatusIsAMismatch() throws {
        let answer = ServerAnswer(status: 500, headers: ["Content-Type": "text/html"], body: Data("<h1>oops</h1>".utf8))
        #expect(
            judge.problems(with: answer, to: try endpoint("ping")) == [
                "status 500 is neither the success status 200 nor that of a declared error (401, 404, 422)"
            ])
    }

    @Test func aBodyThatIsNotJSONIsAMismatch() throws {
        let answer = ServerAnswer(status: 201, headers: ["Content-Type": "text/html"], body: Data("<p>ok</p>".utf8))
        #expect(
            judge.problems(with: answer, to: try endpoint("addCard")) == [#"the content type is "text/html", not JSON"#]
        )
    }

    @Test func theSuccessMarkerIsPartOfTheEnvelope() throws {
        let answer = VerifyFixture.json(201, #"{"data": {"id": "c1", "number": "4242"}}"#)
        #expect(
            judge.problems(with: answer, to: try endpoint("addCard")) == [
                #"the body lacks the success marker "result": "ok""#
            ])
    }

    @Test func aBodyWithoutTheDataMemberIsAMismatch() throws {
        let answer = VerifyFixture.json(201, #"{"unexpected": true}"#)
        #expect(
            judge.problems(with: answer, to: try endpoint("addCard")) == [
                #"the body lacks the success marker "result": "ok""#,
                #"the body has no "data" member, where the envelope carries the payload"#,
            ])
    }

    @Test func aDeclaredErrorInTheEnvelopeConforms() throws {
        let answer = VerifyFixture.json(404, #"{"result": "fail", "code": 1201, "message": "No such card."}"#)
        #expect(judge.problems(with: answer, to: try endpoint("card")) == [])
    }

    @Test func anErrorMarkerAtTheSuccessStatusIsJudgedAsAnError() throws {
        let answer = VerifyFixture.json(200, #"{"result": "fail", "code": 1201, "message": "No such card."}"#)
        #expect(
            judge.problems(with: answer, to: try endpoint("ping")) == [
                "the error CARD_NOT_FOUND (code 1201) is declared with status 404, not 200"
            ])
    }

    @Test func anErrorMustHaveTheEnvelopesShape() throws {
        let answer = VerifyFixture.json(404, #"{"error": "not found"}"#)
        #expect(
            judge.problems(with: answer, to: try endpoint("card")) == [
                #"the error body lacks the error marker "result": "fail""#,
                #"the error body has no "code" ($.code); every declared error of status 404 carries one"#,
            ])
    }

    @Test func anErrorCodeMustBeDeclared() throws {
        let answer = VerifyFixture.json(422, #"{"result": "fail", "code": 9999, "message": "?"}"#)
        #expect(
            judge.problems(with: answer, to: try endpoint("addCard")) == ["$.code is 9999, which no declared error has"]
        )
    }

    @Test func aSuccessWithoutRequiredCredentialsIsAMismatch() throws {
        let answer = VerifyFixture.json(201, #"{"result": "ok", "data": {"id": "c1", "number": "4242"}}"#)
        #expect(
            judge.problems(with: answer, to: try endpoint("addCard"), credentialsWithheld: true) == [
                "status 201 is a success, but the request carried none of the credentials it requires; "
                    + "the answer must be a declared error (401, 404, 422)"
            ])
    }

    @Test func aDeclaredRefusalWithoutCredentialsConforms() throws {
        let answer = VerifyFixture.json(401, #"{"result": "fail", "code": 1001, "message": "The key is not valid."}"#)
        #expect(judge.problems(with: answer, to: try endpoint("addCard"), credentialsWithheld: true) == [])
    }

    @Test func aRefusalWithoutCredentialsMustBeADeclared4xx() throws {
        let answer = VerifyFixture.json(403, #"{"result": "fail", "code": 1001, "message": "no"}"#)
        #expect(
            judge.problems(with: answer, to: try endpoint("addCard"), credentialsWithheld: true) == [
                "status 403 is no declared 4xx error, as the answer to a request without its credentials must be (401, 404, 422)"
            ])
    }
}
