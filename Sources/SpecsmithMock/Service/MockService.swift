import Foundation
import SpecsmithRuntime

/// An answer outside the JSON API (an HTML page, a redirect), for paths under `pathPrefix`.
public struct MockPage: Sendable {
    public var pathPrefix: String
    public var handler: @Sendable (MockRequest) async -> MockResponse

    public init(pathPrefix: String, handler: @escaping @Sendable (MockRequest) async -> MockResponse) {
        self.pathPrefix = pathPrefix
        self.handler = handler
    }
}

/// A ``MockRouter`` with what tests need around it: a journal of redacted requests, injected
/// faults, and the `/__mock` control endpoints. Serve it with ``MockHTTPServer`` or call
/// ``respond(to:)`` in process.
///
/// Control endpoints: `GET /__mock/journal`, `POST /__mock/faults` (a ``MockFault`` as JSON),
/// `DELETE /__mock/faults`, `POST /__mock/reset` (clears journal and faults and calls `onReset`).
public final class MockService: Sendable {
    private struct State {
        var journal: [MockJournalEntry] = []
        var faults: [MockFault] = []
    }

    public let router: MockRouter
    public let pages: [MockPage]
    private let state = Locked(State())
    private let onReset: @Sendable () async -> Void

    /// - Parameters:
    ///   - pages: Answers outside the JSON API, such as a 3-D Secure page; matched by path prefix first.
    ///   - onReset: What `POST /__mock/reset` does besides clearing journal and faults, such as
    ///     restoring a simulator's test data.
    public init(router: MockRouter, pages: [MockPage] = [], onReset: @escaping @Sendable () async -> Void = {}) {
        self.router = router
        self.pages = pages
        self.onReset = onReset
    }

    // MARK: - In-process control

    /// Every request so far, oldest first.
    public var journal: [MockJournalEntry] { state.withLock { $0.journal } }

    /// Adds a fault. - Throws: ``MockFailure`` (400) when it is incomplete.
    public func inject(_ fault: MockFault) throws(MockFailure) {
        if let problem = fault.problem { throw .badRequest(problem) }
        state.withLock { $0.faults.append(fault) }
    }

    public func clearFaults() {
        state.withLock { $0.faults = [] }
    }

    /// Clears journal and faults and resets the handler's state.
    public func reset() async {
        state.withLock { $0 = State() }
        await onReset()
    }

    // MARK: - Answering

    /// Answers one request: a control endpoint, or the router with any matching fault applied.
    public func respond(to request: MockRequest) async -> MockResponse {
        if request.path.hasPrefix("/__mock/") { return await control(request) }
        if let page = pages.first(where: { request.path.hasPrefix($0.pathPrefix) }) {
            let response = await page.handler(request)
            record(request, operation: nil, status: response.status)
            return response
        }
        let operation = router.operation(for: request)
        let fault = takeFault(for: operation?.name)
        if let fault { await delay(fault) }
        var response: MockResponse
        switch fault?.kind {
        case .error?:
            response = router.failure(
                MockFailure(
                    status: fault?.status ?? 500, code: fault?.code ?? 500, message: fault?.message ?? "injected fault")
            )
        case .reset?:
            response = MockResponse(status: 0, body: Data(), delivery: .resetConnection)
        default:
            response = await router.respond(to: request)
            if fault?.kind == .truncate { response.delivery = .truncatedBody }
            if fault?.kind == .malformedJSON { response.body = Data(#"{"result": "ok", "data": {"#.utf8) }
        }
        record(request, operation: operation, status: response.status)
        return response
    }

    private func takeFault(for operation: String?) -> MockFault? {
        state.withLock { state in
            guard let index = state.faults.firstIndex(where: { $0.operation == nil || $0.operation == operation })
            else {
                return nil
            }
            let fault = state.faults[index]
            if let times = fault.times {
                if times <= 1 { state.faults.remove(at: index) } else { state.faults[index].times = times - 1 }
            }
            return fault
        }
    }

    private func delay(_ fault: MockFault) async {
        let base = fault.latencyMilliseconds ?? 0
        let jitter = fault.jitterMilliseconds.map { Int.random(in: 0...$0) } ?? 0
        if base + jitter > 0 { try? await Task.sleep(seconds: Double(base + jitter) / 1000) }
    }

    private func record(_ request: MockRequest, operation: WireOperation?, status: Int) {
        let headers = Redaction.redactedHeaders(
            request.headers.map { ($0.key, $0.value) }, sensitive: operation?.credentialHeaders ?? [])
        let entry = MockJournalEntry(
            method: request.method, path: request.path, query: request.query,
            headers: Dictionary(headers.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first }),
            body: Redaction.redactedText(of: request.body, paths: operation?.sensitiveRequestFields ?? []),
            operation: operation?.name, status: status)
        state.withLock { $0.journal.append(entry) }
    }

    // MARK: - Control endpoints

    private func control(_ request: MockRequest) async -> MockResponse {
        switch (request.method, request.path) {
        case ("GET", "/__mock/journal"):
            return json(journal)
        case ("POST", "/__mock/faults"):
            do {
                try inject(try request.decodeBody(MockFault.self))
                return json(state.withLock { $0.faults })
            } catch {
                return router.failure(error)
            }
        case ("DELETE", "/__mock/faults"):
            clearFaults()
            return json([MockFault]())
        case ("POST", "/__mock/reset"):
            await reset()
            return MockResponse(status: 204, body: Data())
        default:
            return router.failure(
                MockFailure(status: 404, code: 404, message: "no control endpoint \(request.method) \(request.path)"))
        }
    }

    private func json<Value: Encodable>(_ value: Value) -> MockResponse {
        MockResponse(status: 200, body: (try? WireCoding.encode(value)) ?? Data())
    }
}
