import Foundation
import LedgerKitMock
import SpecsmithCore
import SpecsmithMock
import SpecsmithTesting
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What `specsmith verify` does, in process, against the ledger's mock over loopback: every
/// operation's probe, in its media type (JSON, a form, multipart parts, bytes, text), gets an
/// answer the spec allows.
@Suite struct LedgerVerifyTests {
    static let specPath = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("REST/ledger.json").path

    @Test func everyOperationOfTheLedgerAnswersAsItsSpecSays() async throws {
        let resolved = try #require(SpecLoader.load(path: Self.specPath).resolved)
        let planner = ProbePlanner(resolved)
        let judge = AnswerJudge(spec: resolved.spec)
        let secrets = ["apiKey": LedgerSimulator.secretKey, "publishableKey": LedgerSimulator.publishableKey]
        let service = MockService(router: LedgerSimulator().router)
        try await withMockService(service) { url in
            var mediaTypes: Set<String> = []
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
            // Each media type a ledger request travels in was sent as it travels.
            #expect(
                mediaTypes == [
                    "application/json", "application/x-www-form-urlencoded", "multipart/form-data",
                    "application/octet-stream",
                ])
        }
    }
}
