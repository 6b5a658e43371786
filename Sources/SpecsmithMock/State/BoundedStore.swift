import Foundation

/// A dictionary for simulator state that clients create (sessions, payments, seen ids): each entry
/// expires `lifetime` seconds after it was first stored, and past `capacity` entries the oldest goes.
/// A test suite that runs for hours against one mock keeps a flat footprint instead of every session
/// it ever opened.
///
/// Expiry is checked as entries are stored and read, against `now`, so a fake clock drives it in
/// tests. Rewriting an entry keeps its age: expiry counts from creation.
public struct BoundedStore<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    /// Seconds an entry lives after it is first stored.
    public let lifetime: TimeInterval
    /// The most entries kept.
    public let capacity: Int
    private let now: @Sendable () -> Date

    private var entries: [Key: (value: Value, created: Date, stamp: Int)] = [:]
    /// Keys in the order they were created; a key removed since is skipped by its stamp.
    private var order: [(key: Key, stamp: Int)] = []
    private var head = 0
    private var nextStamp = 0

    /// - Parameters:
    ///   - lifetime: Seconds an entry lives after it is first stored.
    ///   - capacity: The most entries kept; the oldest goes first.
    ///   - now: The clock expiry is measured by.
    public init(lifetime: TimeInterval, capacity: Int, now: @escaping @Sendable () -> Date = { Date() }) {
        self.lifetime = lifetime
        self.capacity = Swift.max(1, capacity)
        self.now = now
    }

    /// The entries kept now.
    public var count: Int { entries.count }

    /// Whether nothing is kept.
    public var isEmpty: Bool { entries.isEmpty }

    /// The keys kept, in no particular order.
    public var keys: [Key] { Array(entries.keys) }

    /// The values kept, in no particular order.
    public var values: [Value] { entries.values.map(\.value) }

    /// The value for `key`, unless it expired; setting `nil` removes it.
    public subscript(key: Key) -> Value? {
        get {
            guard let entry = entries[key], !isExpired(entry.created) else { return nil }
            return entry.value
        }
        set {
            guard let newValue else {
                entries[key] = nil
                return
            }
            if let entry = entries[key], !isExpired(entry.created) {
                entries[key] = (newValue, entry.created, entry.stamp)
                return
            }
            insert(newValue, for: key)
        }
    }

    /// The value for `key`, or `defaultValue` when there is none; writing through it stores the key.
    public subscript(key: Key, default defaultValue: @autoclosure () -> Value) -> Value {
        get { self[key] ?? defaultValue() }
        set { self[key] = newValue }
    }

    /// Removes and returns the value for `key`.
    @discardableResult
    public mutating func removeValue(forKey key: Key) -> Value? {
        defer { entries[key] = nil }
        return self[key]
    }

    /// Forgets every entry.
    public mutating func removeAll() {
        entries = [:]
        order = []
        head = 0
    }

    // MARK: - Private helpers

    private func isExpired(_ created: Date) -> Bool { now().timeIntervalSince(created) >= lifetime }

    private mutating func insert(_ value: Value, for key: Key) {
        let created = now()
        entries[key] = nil
        dropExpiredAndOldest(toFit: 1)
        nextStamp += 1
        entries[key] = (value, created, nextStamp)
        order.append((key, nextStamp))
        compactOrder()
    }

    /// Drops, oldest first, what has expired, and then enough more for `room` new entries.
    private mutating func dropExpiredAndOldest(toFit room: Int) {
        while head < order.count {
            let (key, stamp) = order[head]
            guard let entry = entries[key], entry.stamp == stamp else {
                head += 1  // removed or rewritten under a new stamp since
                continue
            }
            guard isExpired(entry.created) || entries.count + room > capacity else { return }
            entries[key] = nil
            head += 1
        }
    }

    /// Keeps the order list within twice the entries, so removals cannot grow it without end.
    private mutating func compactOrder() {
        guard order.count - head > 2 * entries.count + 16 || head > order.count / 2 else { return }
        order = order[head...].filter { entries[$0.key]?.stamp == $0.stamp }
        head = 0
    }
}

extension BoundedStore: Sequence {
    /// The live entries as `(key, value)` pairs, in no particular order.
    public func makeIterator() -> AnyIterator<(key: Key, value: Value)> {
        let live = entries.compactMap { key, entry in isExpired(entry.created) ? nil : (key: key, value: entry.value) }
        return AnyIterator(live.makeIterator())
    }
}
