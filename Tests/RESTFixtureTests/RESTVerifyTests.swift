import ChatKitMock
import Foundation
import IssueTrackerKitMock
import LedgerKitMock
import SpecsmithCore
import SpecsmithMock
import SpecsmithTesting
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What `specsmith verify` does, in process, against the REST fixtures' mocks over loopback:
/// every operation's probe, in its media type (JSON, a form, multipart parts, bytes), gets an
/// answer the spec allows, a form or text answer included.
@Suite struct RESTVerifyTests {
    static func specPath(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("REST/\(name)").path
    }

    @Test func everyOperationOfTheLedgerAnswersAsItsSpecSays() async throws {
        let sent = try await verify(
            Self.specPath("ledger.json"), router: LedgerSimulator().router,
            secrets: [
                "apiKey": LedgerSimulator.secretKey, "publishableKey": LedgerSimulator.publishableKey,
                "account": BasicAuthTests.account.encoded,
            ])
        // Each media type a ledger request travels in was sent as it travels.
        #expect(
            sent == [
                "application/json", "application/x-www-form-urlencoded", "multipart/form-data",
                "application/octet-stream",
            ])
    }

    @Test func everyOperationOfTheIssueTrackerAnswersAsItsSpecSays() async throws {
        let sent = try await verify(
            Self.specPath("issue-tracker.json"), router: TrackerHandler().router,
            secrets: ["token": TrackerHandler.token])
        #expect(sent == ["application/json", "application/x-www-form-urlencoded"])
    }

    /// Every answer is 200 with `"ok": true` or `"ok": false`: verify reads the mock's errors and
    /// successes by the envelope's markers, as the client does.
    @Test func everyOperationOfTheChatAnswersAsItsSpecSays() async throws {
        let sent = try await verify(
            Self.specPath("chat.json"), router: ChatSimulator().router, secrets: ["bot": ChatSimulator.token])
        #expect(sent == ["application/json"])
    }

    /// Every operation of the spec at `path` against a mock of `router`; the media types bodies were sent in.
    func verify(_ path: String, router: MockRouter, secrets: [String: String]) async throws -> Set<String> {
        let resolved = try #require(SpecLoader.load(path: path).resolved)
        let planner = ProbePlanner(resolved)
        let judge = AnswerJudge(spec: resolved.spec)
        var mediaTypes: Set<String> = []
        try await withMockService(MockService(router: router)) { url in
            for operation in resolved.endpoints {
                let probes: [ProbeRequest]
                switch planner.plan(for: operation, known: planner.exampleValues()) {
                case let .requests(planned): probes = planned
                case let .skipped(reason):
                    Issue.record("\(operation.endpoint.name) was skipped: \(reason)")
                    continue
                }
                for probe in probes {
                    let sent = probe.authorized(by: operation.credentials, secrets: secrets).request
                    var request = URLRequest(url: URL(string: url.absoluteString + sent.target)!)
                    request.httpMethod = sent.endpoint.method.rawValue
                    request.setValue(
                        sent.endpoint.responseMediaType ?? "application/json", forHTTPHeaderField: "Accept")
                    for header in sent.headers { request.setValue(header.value, forHTTPHeaderField: header.name) }
                    if let (body, contentType) = sent.encodedBody {
                        request.setValue(contentType, forHTTPHeaderField: "Content-Type")
                        request.httpBody = body
                        mediaTypes.insert(sent.endpoint.requestMediaType)
                    }
                    let (data, response) = try await URLSession.shared.data(for: request)
                    let http = try #require(response as? HTTPURLResponse)
                    let headers = http.allHeaderFields.reduce(into: [String: String]()) { headers, field in
                        headers["\(field.key)"] = "\(field.value)"
                    }
                    let answer = ServerAnswer(status: http.statusCode, headers: headers, body: data)
                    let problems = judge.problems(with: answer, to: sent.endpoint)
                    #expect(problems.isEmpty, "\(sent.shown) → \(answer.status): \(problems)")
                }
            }
        }
        return mediaTypes
    }
}
