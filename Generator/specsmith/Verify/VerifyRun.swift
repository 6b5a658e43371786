import Foundation
import SpecsmithCore

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One run of `specsmith verify`: every operation of a spec tried against a running server, each
/// answer judged, every mismatch printed with the request that caused it and the endpoint's place
/// in the spec.
struct VerifyRun {
    /// How a run ended.
    enum Outcome {
        /// Every request was sent; `mismatches` answers did not conform.
        case finished(mismatches: Int)
        /// The server could not be reached at all.
        case unreachable(String)
    }

    // MARK: - Stored state

    let settings: VerifySettings
    let resolved: ResolvedSpec
    /// The spec's path as output names it.
    let specPath: String
    let client: BlockingHTTPClient
    private let judge: AnswerJudge
    private let planner: ProbePlanner
    /// Credentials by scheme name: the app keys given, and the session tokens given or issued.
    private var secrets: [String: String]
    /// Values the examples and the answers so far have shown, for later path parameters.
    private var known: KnownValues
    private var requests = 0
    private var mismatches = 0
    private var skipped = 0
    private var answered = false

    // MARK: - Initialisers

    init(settings: VerifySettings, resolved: ResolvedSpec, specPath: String) {
        self.settings = settings
        self.resolved = resolved
        self.specPath = specPath
        client = BlockingHTTPClient(timeout: settings.timeout)
        judge = AnswerJudge(spec: resolved.spec)
        planner = ProbePlanner(resolved)
        secrets = settings.secrets(for: resolved.spec)
        known = planner.exampleValues()
    }

    // MARK: - API

    /// Tries every operation, issuers of session tokens first so later calls can send theirs, and
    /// prints a summary line.
    mutating func run() -> Outcome {
        let issuers = Set(sessionSchemes.filter { secrets[$0.scheme.name] == nil }.map(\.issuer))
        let ordered =
            resolved.endpoints.filter { issuers.contains($0.endpoint.name) }
            + resolved.endpoints.filter { !issuers.contains($0.endpoint.name) }
        for operation in ordered {
            if case let .unreachable(message) = verify(operation) { return .unreachable(message) }
        }
        let tried = ordered.count - skipped
        print(
            "specsmith verify: \(ordered.count) operation(s), \(tried) tried, \(skipped) skipped; \(requests) request(s); "
                + "\(mismatches) mismatch(es)")
        return .finished(mismatches: mismatches)
    }

    // MARK: - One operation

    private mutating func verify(_ operation: ResolvedEndpoint) -> Outcome? {
        let endpoint = operation.endpoint
        let probes: [ProbeRequest]
        switch planner.plan(for: operation, known: known) {
        case let .skipped(reason):
            skipped += 1
            print("skip: \(endpoint.name): \(reason) (\(place(endpoint)))")
            return nil
        case let .requests(planned):
            probes = planned
        }
        let required = operation.credentials.filter {
            if case .optional = $0.requirement { false } else { true }
        }
        for probe in probes {
            let (request, missing) = probe.authorized(by: operation.credentials, secrets: secrets)
            if !missing.isEmpty {
                print(
                    "skip: \(endpoint.name), \(probe.origin), with credentials: no credential for \(missing.joined(separator: ", ")) (give --key or --token)"
                )
                continue
            }
            switch exchange(request) {
            case let .unreachable(message): return .unreachable(message)
            case let .answered(answer): learn(from: answer, of: operation)
            case .judged: break
            }
        }
        // The first request again, with no credential at all: it must be refused as the spec says.
        if !required.isEmpty, var bare = probes.first {
            bare.carriesCredentials = false
            if case let .unreachable(message) = exchange(bare) { return .unreachable(message) }
        }
        return nil
    }

    private enum Exchange {
        case answered(ServerAnswer)
        case judged
        case unreachable(String)
    }

    /// Sends `probe`, judges the answer and prints a mismatch; the answer when it conforms.
    private mutating func exchange(_ probe: ProbeRequest) -> Exchange {
        requests += 1
        let credentials = probe.carriesCredentials ? "with credentials" : "without credentials"
        let answer: ServerAnswer
        switch client.send(urlRequest(for: probe)) {
        case let .failure(failure):
            if failure.isUnreachable, !answered {
                return .unreachable("cannot reach \(settings.baseURL.absoluteString): \(failure.message)")
            }
            report(probe, credentials, got: "no answer", ["\(failure.message)"])
            return failure.isUnreachable ? .unreachable("the server stopped answering: \(failure.message)") : .judged
        case let .success(received):
            answered = true
            answer = received
        }
        let problems = judge.problems(with: answer, to: probe.endpoint, credentialsWithheld: !probe.carriesCredentials)
        if problems.isEmpty {
            print("ok: \(probe.endpoint.name), \(probe.origin), \(credentials): \(answer.status)")
            return .answered(answer)
        }
        report(probe, credentials, got: "\(answer.status) \(answer.contentType ?? "(no content type)")", problems)
        return .judged
    }

    private mutating func report(_ probe: ProbeRequest, _ credentials: String, got: String, _ problems: [String]) {
        mismatches += 1
        print(
            """
            \(place(probe.endpoint)): mismatch: \(probe.endpoint.name), \(probe.origin), \(credentials)
                sent: \(probe.shown)
                got:  \(got)
            \(problems.map { "    - \($0)" }.joined(separator: "\n"))
            """)
    }

    // MARK: - Sessions

    /// The session schemes and the operation that issues each.
    private var sessionSchemes: [(scheme: AuthScheme, issuer: String, tokenField: String)] {
        resolved.spec.service.authSchemes.compactMap { scheme in
            guard case let .sessionToken(issuedBy, tokenField, _) = scheme.kind else { return nil }
            return (scheme, issuedBy, tokenField)
        }
    }

    /// Keeps the values of a conforming success answer for later parameters, and the token it
    /// carries when the operation issues a session.
    private mutating func learn(from answer: ServerAnswer, of operation: ResolvedEndpoint) {
        guard answer.status == operation.endpoint.successStatus,
            let text = String(data: answer.body, encoding: .utf8), let body = try? JSONParser.parse(text)
        else { return }
        if let response = operation.endpoint.response, let payload = judge.payload(in: body) {
            known.learn(from: payload, as: response, in: resolved.spec)
        }
        for session in sessionSchemes where session.issuer == operation.endpoint.name {
            guard secrets[session.scheme.name] == nil else { continue }
            var node = judge.payload(in: body)
            for key in session.tokenField.split(separator: ".") { node = node?[String(key)] }
            if let token = node?.string { secrets[session.scheme.name] = token }
        }
    }

    // MARK: - Private helpers

    private func place(_ endpoint: Endpoint) -> String {
        "\(specPath):\(endpoint.location.line):\(endpoint.location.column)"
    }

    private func urlRequest(for probe: ProbeRequest) -> URLRequest {
        let host = resolved.endpoint(named: probe.endpoint.name)?.host ?? ""
        var base = (settings.hosts[host] ?? settings.baseURL).absoluteString
        while base.hasSuffix("/") { base.removeLast() }
        // The planner percent-encodes every part, so the text is a valid URL.
        var request = URLRequest(url: URL(string: base + probe.target) ?? settings.baseURL)
        request.httpMethod = probe.endpoint.method.rawValue
        request.setValue(probe.endpoint.responseMediaType ?? "application/json", forHTTPHeaderField: "Accept")
        for header in probe.headers { request.setValue(header.value, forHTTPHeaderField: header.name) }
        if let (body, contentType) = probe.encodedBody {
            request.setValue(contentType, forHTTPHeaderField: "Content-Type")
            request.httpBody = body
        }
        return request
    }
}
