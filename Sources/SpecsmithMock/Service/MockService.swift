import Foundation
@_spi(Generated) import SpecsmithRuntime

/// An answer outside the JSON API (an HTML page, a redirect), for paths under `pathPrefix`.
public struct MockPage: Sendable {
    /// The paths it answers: every path that begins with this.
    public var pathPrefix: String
    /// What makes the page.
    public var handler: @Sendable (MockRequest) async -> MockResponse

    /// A page answering every path under `pathPrefix` with `handler`.
    public init(pathPrefix: String, handler: @escaping @Sendable (MockRequest) async -> MockResponse) {
        self.pathPrefix = pathPrefix
        self.handler = handler
    }
}

/// A ``MockRouter`` with what tests need around it: a journal of redacted requests, injected
/// faults, and the `/__mock` control endpoints. Serve it with ``MockHTTPServer`` or call
/// ``respond(to:)`` in process.
///
/// Control endpoints: `GET /__mock/journal?limit=&after=` (entries after a sequence number, a page
/// of ``defaultJournalPage`` unless `limit` says otherwise and never more than ``maxJournalPage``; a
/// `Link: <…>; rel="next"` header points to the next page when there is one),
/// `POST /__mock/faults` (a ``MockFault`` as JSON), `DELETE /__mock/faults`, `POST /__mock/reset`
/// (clears journal and faults and calls `onReset`). Over HTTP, ``MockHTTPServer`` lets only the
/// local test suite reach them.
///
/// The journal is bounded twice: at most `capacity` entries and at most `journalByteLimit` bytes
/// (16 MiB by default), each body cut to `journalBodyLimit` bytes (8 KiB) with its whole size kept
/// in ``MockJournalEntry/bodyBytes``. The oldest entries go first.
///
/// An operation whose endpoint takes an idempotency key answers a repeated key with the key's first
/// answer and runs its handler once; the same key with another request (compared as canonical JSON,
/// with method, path and query) is a `422`, one still being handled a `409`, each in the error the
/// spec declares for that status. Keys are bound to the whole service unless the spec says per
/// operation, and live 24 hours unless it says otherwise (the service's `idempotency` in the spec). At most 1,000 keys
/// are kept, each answer at most 64 KiB.
public final class MockService: Sendable {
    /// Entries a `GET /__mock/journal` without `limit` answers with.
    public static let defaultJournalPage = 100
    /// The most entries one `GET /__mock/journal` answers with, whatever `limit` asks.
    public static let maxJournalPage = 1000

    private struct State {
        var journal: BoundedLog<MockJournalEntry>
        var faults: Ring<MockFault>
        var sequence = 0
        var idempotency: IdempotencyStore
    }

    /// The generated routes this service answers with.
    public let router: MockRouter
    /// The answers outside the JSON API, matched by path prefix before the routes.
    public let pages: [MockPage]
    private let state: Locked<State>
    private let onReset: @Sendable () async -> Void
    private let redactor: JournalRedactor

    /// - Parameters:
    ///   - router: The generated routes this service answers with.
    ///   - pages: Answers outside the JSON API, such as a 3-D Secure page; matched by path prefix first.
    ///   - capacity: How many journal entries, and how many faults, are kept; the oldest go first.
    ///   - journalByteLimit: How many bytes the journal's entries may take in all; the oldest go first.
    ///   - journalBodyLimit: How many bytes of each (redacted) body the journal keeps.
    ///   - onReset: What `POST /__mock/reset` does besides clearing journal and faults, such as
    ///     restoring a simulator's test data.
    public init(
        router: MockRouter, pages: [MockPage] = [], capacity: Int = 10_000,
        journalByteLimit: Int = 16 * 1024 * 1024, journalBodyLimit: Int = 8 * 1024,
        onReset: @escaping @Sendable () async -> Void = {}
    ) {
        self.router = router
        self.pages = pages
        self.onReset = onReset
        let journal = BoundedLog<MockJournalEntry>(
            capacity: capacity, byteLimit: journalByteLimit, cost: \.approximateBytes)
        state = Locked(
            State(journal: journal, faults: Ring(capacity: capacity), idempotency: IdempotencyStore(router.idempotency))
        )
        redactor = JournalRedactor(router: router, bodyLimit: journalBodyLimit)
    }

    // MARK: - In-process control

    /// The requests kept (the newest ``capacity``), oldest first.
    public var journal: [MockJournalEntry] { state.withLock { $0.journal.elements } }

    /// How many journal entries and faults are kept.
    public var capacity: Int { state.withLock { $0.journal.capacity } }

    /// About how many bytes the journal's entries take now; never more than `journalByteLimit`.
    public var journalBytes: Int { state.withLock { $0.journal.bytes } }

    /// Adds a fault; past ``capacity`` faults, the oldest is dropped.
    /// - Throws: ``MockFailure`` (400) when it is incomplete.
    public func inject(_ fault: MockFault) throws(MockFailure) {
        if let problem = fault.problem { throw .badRequest(problem) }
        state.withLock { $0.faults.append(fault) }
    }

    /// Removes every fault.
    public func clearFaults() {
        state.withLock { $0.faults.removeAll() }
    }

    /// Clears journal and faults and resets the handler's state.
    public func reset() async {
        state.withLock { state in
            state.journal.removeAll()
            state.faults.removeAll()
            state.idempotency.removeAll()
        }
        await onReset()
    }

    // MARK: - Answering

    /// Answers one request: a control endpoint, or the router with any matching fault applied.
    // Inlined into its caller: entering an async function is a task switch, and on an event loop
    // (a task executor preference) each switch takes the task's status lock.
    @inline(__always)
    public func respond(to request: MockRequest) async -> MockResponse {
        if request.path.hasPrefix("/__mock/") { return await control(request) }
        if let page = pages.first(where: { request.path.hasPrefix($0.pathPrefix) }) {
            let response = await page.handler(request)
            record(request, operation: nil, status: response.status)
            return response
        }
        let match = router.match(request)
        let operation = match.operation
        let fault = takeFault(for: operation?.name)
        if let fault { await delay(fault) }
        var response: MockResponse
        switch fault?.kind {
        case .error?:
            response = router.failure(Self.failure(injectedBy: fault), for: operation)
        case .reset?:
            response = MockResponse(status: 0, body: Data(), delivery: .resetConnection)
        default:
            response = await answer(request, as: match)
            if fault?.kind == .truncate { response.delivery = .truncatedBody }
            if fault?.kind == .malformedJSON { response.body = router.malformedSuccessBody() }
            // Handled, then lost on the way: what an idempotency key lets a client retry safely.
            if fault?.kind == .lostAnswer { response.delivery = .resetConnection }
        }
        record(request, operation: operation, status: response.status, path: match.hiding(in: request.path))
        return response
    }

    /// The router's answer, or for an operation that takes an idempotency key, the key's first
    /// answer replayed: the handler runs once per key.
    // Inlined into respond(to:), for the reason given there.
    @inline(__always)
    private func answer(_ request: MockRequest, as match: MockRouter.Match) async -> MockResponse {
        guard let operation = match.operation, let header = operation.idempotencyKeyHeader,
            let key = request.header(header), !key.isEmpty
        else { return await router.respond(to: request, as: match) }
        // Keys are kept, so they are bounded, as the OpenAPI export says.
        guard key.utf8.count <= IdempotencyStore.maxKeyLength else {
            return router.failure(
                .badRequest("the \(header) is longer than \(IdempotencyStore.maxKeyLength) bytes"), for: operation)
        }
        let admission = state.withLock { $0.idempotency.admit(key: key, operation: operation.name, request: request) }
        switch admission {
        case var .replay(response):
            if let header = router.idempotency.replayedHeader { response.headers[header.lowercased()] = "true" }
            return response
        case .mismatch:
            return router.failure(
                .raisedByMock(
                    status: 422,
                    message: "the \(header) was used before with a different request; send a new key for a new request"),
                for: operation)
        case .inFlight:
            return router.failure(
                .raisedByMock(
                    status: 409,
                    message: "a request with this \(header) is still being handled; retry once it is answered"),
                for: operation)
        case .first:
            let response = await router.respond(to: request, as: match)
            state.withLock { $0.idempotency.finish(key: key, operation: operation.name, response: response) }
            return response
        }
    }

    /// The failure an `error` fault answers with: its code, else the error the spec declares for
    /// its status; its body when it brings one.
    private static func failure(injectedBy fault: MockFault?) -> MockFailure {
        let status = fault?.status ?? 500
        let message = fault?.message ?? "injected fault"
        var failure =
            fault?.code.map { MockFailure(status: status, code: $0, message: message) }
            ?? .raisedByMock(status: status, message: message)
        if let body = fault?.body { failure.body = try? WireCoding.encode(body) }
        return failure
    }

    private func takeFault(for operation: String?) -> MockFault? {
        state.withLock { state in
            guard state.faults.count > 0 else { return nil }
            var faults = state.faults.elements
            guard let index = faults.firstIndex(where: { $0.operation == nil || $0.operation == operation }) else {
                return nil
            }
            let fault = faults[index]
            if let times = fault.times {
                if times <= 1 { faults.remove(at: index) } else { faults[index].times = times - 1 }
                state.faults.replace(with: faults)
            }
            return fault
        }
    }

    private func delay(_ fault: MockFault) async {
        let base = fault.latencyMilliseconds ?? 0
        let jitter = fault.jitterMilliseconds.map { Int.random(in: 0...$0) } ?? 0
        if base + jitter > 0 { try? await Task.sleep(seconds: Double(base + jitter) / 1000) }
    }

    /// Journals `request`; `path` is its path as routing showed it hidden, when it was routed.
    private func record(_ request: MockRequest, operation: WireOperation?, status: Int, path: String? = nil) {
        var entry = redactor.entry(for: request, operation: operation, status: status, path: path)
        state.withLock { state in
            state.sequence += 1
            entry.sequence = state.sequence
            state.journal.append(entry)
        }
    }

    /// Journal entries after sequence number `after`, at most `limit` of them, oldest first.
    public func journal(after: Int = 0, limit: Int = .max) -> [MockJournalEntry] {
        state.withLock { state in state.journal.elements(where: { $0.sequence > after }, limit: limit) }
    }

    // MARK: - Control endpoints

    private func control(_ request: MockRequest) async -> MockResponse {
        switch (request.method, request.path) {
        case ("GET", "/__mock/journal"):
            let after = request.query["after"].map { Int($0) } ?? 0
            let limit = request.query["limit"].map { Int($0) } ?? Self.defaultJournalPage
            guard let after, let limit, after >= 0, limit >= 0 else {
                return router.failure(.badRequest("after and limit must be whole numbers from 0"))
            }
            let pageSize = min(limit, Self.maxJournalPage)
            // One more than the page says whether a next page exists, without a second pass.
            var entries = journal(after: after, limit: pageSize + 1)
            let hasMore = entries.count > pageSize
            if hasMore { entries.removeLast() }
            var response = json(entries)
            if hasMore, let last = entries.last {
                response.headers["link"] = "</__mock/journal?after=\(last.sequence)&limit=\(pageSize)>; rel=\"next\""
            }
            return response
        case ("POST", "/__mock/faults"):
            do {
                try inject(try request.decodeBody(MockFault.self))
                return json(state.withLock { $0.faults.elements })
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
                .raisedByMock(
                    status: 404,
                    message: "no control endpoint \(request.method) \(JournalRedactor.maskingDigits(in: request.path))")
            )
        }
    }

    private func json<Value: Encodable>(_ value: Value) -> MockResponse {
        MockResponse(status: 200, body: (try? WireCoding.encode(value)) ?? Data())
    }
}
