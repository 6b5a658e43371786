import Foundation

/// One request as a mock received it, with every sensitive value redacted.
public struct MockJournalEntry: Codable, Sendable, Equatable {
    /// Counts up from 1 across the service's life (a reset does not restart it); `after` in
    /// `GET /__mock/journal?after=` pages by it.
    public var sequence: Int
    /// The HTTP method.
    public var method: String
    /// The path, with any long run of digits (a card number) `<redacted>`.
    public var path: String
    /// Query parameter names; every value is `<redacted>`, since no spec says which are safe.
    public var query: [String: String]
    /// Header values that carry credentials are `<redacted>`.
    public var headers: [String: String]
    /// The body as JSON text with sensitive fields `<redacted>`; only its size for a request that
    /// matched no operation, since nothing says which of its fields are sensitive. Cut to the
    /// service's `journalBodyLimit` bytes (then ``bodyIsCut`` is true).
    public var body: String
    /// The size of the body as received, in bytes, whatever ``body`` kept of it.
    public var bodyBytes: Int
    /// Whether ``body`` is cut short of the whole redacted text.
    public var bodyIsCut: Bool
    /// The operation the request was routed to, if any.
    public var operation: String?
    /// The status the mock answered with.
    public var status: Int
}

extension MockJournalEntry {
    /// About what the entry occupies in memory: its text plus a little per string and header.
    var approximateBytes: Int {
        let headerBytes = headers.reduce(0) { $0 + $1.key.utf8.count + $1.value.utf8.count + 32 }
        let queryBytes = query.reduce(0) { $0 + $1.key.utf8.count + $1.value.utf8.count + 32 }
        return 128 + method.utf8.count + path.utf8.count + body.utf8.count + (operation?.utf8.count ?? 0)
            + headerBytes + queryBytes
    }
}

/// The newest `capacity` values, oldest first: what a fault list keeps.
struct Ring<Element> {
    let capacity: Int
    private var storage: [Element] = []
    /// Where the oldest element is once the storage is full.
    private var start = 0

    init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    var count: Int { storage.count }

    var elements: [Element] {
        Array(storage[start...] + storage[..<start])
    }

    mutating func append(_ element: Element) {
        if storage.count < capacity {
            storage.append(element)
        } else {
            storage[start] = element
            start = (start + 1) % capacity
        }
    }

    mutating func removeAll() {
        storage = []
        start = 0
    }

    /// Replaces the contents, keeping at most the newest `capacity`.
    mutating func replace(with elements: [Element]) {
        storage = Array(elements.suffix(capacity))
        start = 0
    }
}
