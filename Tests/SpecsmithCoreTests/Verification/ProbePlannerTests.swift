import Foundation
import SpecsmithCore
import Testing

/// What `specsmith verify` sends: examples' bodies, drawn parameters and bodies, credentials where
/// the scheme says, and a printed form with no secret in clear.
@Suite struct ProbePlannerTests {
    let resolved: ResolvedSpec

    init() throws {
        resolved = try VerifyFixture.resolved()
    }

    func requests(_ name: String) throws -> [ProbeRequest] {
        let operation = try #require(resolved.endpoint(named: name))
        guard case let .requests(requests) = ProbePlanner(resolved).plan(for: operation) else {
            Issue.record("\(name) was skipped")
            return []
        }
        return requests
    }

    @Test func aPathParameterIsDrawn() throws {
        let request = try #require(try requests("card").first)
        #expect(request.target == "/cards/a")
        #expect(request.origin == "drawn values")
        #expect(request.body == nil)
    }

    @Test func anExampleGivesTheBodyAndSensitiveFieldsAreRedactedWhenShown() throws {
        let request = try #require(try requests("addCard").first)
        #expect(request.origin == #"example "visa""#)
        #expect(request.body.map(JSONText.compact) == #"{"number":"4242424242424242","label":"mine"}"#)
        #expect(request.shown == #"POST /cards {"number":"<redacted>","label":"mine"}"#)
    }

    @Test func credentialsGoWhereTheSchemeSaysAndAreNeverShown() throws {
        let operation = try #require(resolved.endpoint(named: "addCard"))
        let request = try #require(try requests("addCard").first)
        let (authorized, missing) = request.authorized(by: operation.credentials, secrets: ["key": "sk_secret"])
        #expect(missing == [])
        #expect(authorized.headers == [.init(name: "X-Key", value: "sk_secret", isSecret: true)])
        #expect(!authorized.shown.contains("sk_secret"))
        let (_, none) = request.authorized(by: operation.credentials, secrets: [:])
        #expect(none == ["key"])
    }

    @Test func aQueryKeyIsRedactedWhenShown() {
        let request = ProbeRequest(
            endpoint: resolved.spec.endpoints[2], origin: "drawn values", path: "/ping", shownPath: "/ping",
            query: [.init(name: "api_key", value: "sk_1", isSecret: true), .init(name: "q", value: "a b")],
            headers: [], body: nil, sensitivePaths: [])
        #expect(request.target == "/ping?api_key=sk_1&q=a%20b")
        #expect(request.shown == "GET /ping?api_key=<redacted>&q=a%20b")
    }

    @Test(arguments: [
        (
            "cards[].number", #"{"cards":[{"number":"1"},{"number":"2","x":1}]}"#,
            #"{"cards":[{"number":"<redacted>"},{"number":"<redacted>","x":1}]}"#
        ),
        ("{}.pin", #"{"a":{"pin":"1"},"b":{"pin":"2"}}"#, #"{"a":{"pin":"<redacted>"},"b":{"pin":"<redacted>"}}"#),
        ("token", #"{"token":"t","other":"o"}"#, #"{"token":"<redacted>","other":"o"}"#),
    ])
    func sensitivePathsAreRedacted(path: String, body: String, expected: String) throws {
        let node = try JSONParser.parse(body)
        #expect(JSONText.compact(SensitiveRedaction(paths: [path]).redacting(node)) == expected)
    }
}

/// A path parameter takes a value an earlier answer showed, so a read reaches what a create made.
@Suite struct KnownValuesTests {
    @Test func aPathParameterTakesTheValueAnAnswerShowed() throws {
        let resolved = try VerifyFixture.resolved()
        var known = KnownValues()
        let answer = try JSONParser.parse(#"{"id": "c_77", "number": "4242"}"#)
        known.learn(from: answer, as: .named("Card"), in: resolved.spec)
        let operation = try #require(resolved.endpoint(named: "card"))
        guard case let .requests(requests) = ProbePlanner(resolved).plan(for: operation, known: known) else {
            Issue.record("card was skipped")
            return
        }
        #expect(requests.map(\.target) == ["/cards/c_77"])
        #expect(requests.map(\.origin) == ["known values"])
    }

    @Test func aSensitiveValueIsNeverKept() throws {
        let resolved = try VerifyFixture.resolved()
        var known = KnownValues()
        known.learn(
            from: try JSONParser.parse(#"{"id": "c1", "number": "4242"}"#), as: .named("Card"), in: resolved.spec)
        #expect(known.byName["number"] == nil)
        #expect(known.byName["id"]?.string == "c1")
    }
}
