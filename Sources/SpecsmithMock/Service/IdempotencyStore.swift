import Foundation

/// The first answer to each idempotency key, replayed to every later request with the key, as a
/// payment API does (the IETF `Idempotency-Key` draft): a retry after a lost answer gets the answer
/// the first attempt made, and the handler runs once.
///
/// Keys are scoped as ``MockIdempotency`` says: across the service by default, so a key reused on
/// another operation is a different request. A key reused with a different request (method, path,
/// query, or body as canonical JSON) is refused, and so is a key whose first request is still being
/// handled. Answers are kept
/// for `lifetime` seconds, at most `capacity` of them, each at most ``maxStoredBody`` bytes (a larger
/// answer is not kept, so its retry runs the handler again). As payment APIs do, only an answer the
/// operation's work made is kept: a success, or a refusal of the work itself (a declined card, `402`;
/// `410`, `422`). A request refused before the work began (malformed, `400`; unauthenticated or
/// forbidden; not found; a method, size or type refused; a timeout, a conflict, a rate limit) or a
/// `5xx` is not kept, so the same key may be sent again once the request is put right.
struct IdempotencyStore: Sendable {
    /// The largest body a stored answer may have.
    static let maxStoredBody = 64 * 1024
    /// The longest key taken; a longer one is refused with a `400`.
    static let maxKeyLength = 255
    /// The `4xx` statuses of a request refused before the work began, whose answer is not replayed.
    static let unstoredStatuses: Set<Int> = [400, 401, 403, 404, 405, 408, 409, 413, 415, 429]

    private enum Entry: Sendable {
        case inFlight(fingerprint: Int)
        case answered(fingerprint: Int, response: MockResponse)
    }

    /// What a request with a key meets.
    enum Admission: Equatable {
        /// The first request with the key: handle it, then ``finish(_:operation:response:)``.
        case first
        /// The key's first answer, to send again.
        case replay(MockResponse)
        /// The key came with a different request before.
        case mismatch
        /// The key's first request is still being handled.
        case inFlight
    }

    private var entries: BoundedStore<String, Entry>
    private let scope: MockIdempotency.Scope

    init(_ rules: MockIdempotency = MockIdempotency(), capacity: Int = 1000) {
        entries = BoundedStore(lifetime: rules.keyLifetime, capacity: capacity)
        scope = rules.scope
    }

    /// The key's name in the store: the key alone, or within its operation.
    private func id(_ key: String, _ operation: String) -> String {
        scope == .service ? key : operation + "\u{0}" + key
    }

    /// What a request for `operation` with `key` does, by the request's fingerprint.
    mutating func admit(key: String, operation: String, request: MockRequest) -> Admission {
        let id = id(key, operation)
        let fingerprint = Self.fingerprint(of: request)
        switch entries[id] {
        case nil:
            entries[id] = .inFlight(fingerprint: fingerprint)
            return .first
        case let .inFlight(first)?:
            return first == fingerprint ? .inFlight : .mismatch
        case let .answered(first, response)?:
            return first == fingerprint ? .replay(response) : .mismatch
        }
    }

    /// Keeps the first request's answer for `key`, or forgets the key when the answer is not kept.
    mutating func finish(key: String, operation: String, response: MockResponse) {
        let id = id(key, operation)
        guard case let .inFlight(fingerprint)? = entries[id] else { return }
        let keeps =
            response.delivery == .normal && response.status < 500
            && !Self.unstoredStatuses.contains(response.status) && response.body.count <= Self.maxStoredBody
        entries[id] = keeps ? .answered(fingerprint: fingerprint, response: response) : nil
    }

    /// Forgets every key.
    mutating func removeAll() {
        entries.removeAll()
    }

    private static func fingerprint(of request: MockRequest) -> Int {
        var hasher = Hasher()
        hasher.combine(request.method)
        hasher.combine(request.path)
        hasher.combine(request.query.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" })
        hasher.combine(canonicalJSON(request.body))
        return hasher.finalize()
    }

    /// The body with its members sorted and no whitespace, so two spellings of one JSON value are
    /// one request; a body that is not JSON stays as it is.
    static func canonicalJSON(_ body: Data) -> Data {
        guard !body.isEmpty,
            let value = try? JSONSerialization.jsonObject(with: body, options: [.fragmentsAllowed]),
            let canonical = try? JSONSerialization.data(
                withJSONObject: value, options: [.sortedKeys, .fragmentsAllowed, .withoutEscapingSlashes])
        else { return body }
        return canonical
    }
}
