import Foundation

/// A set for simulator state that clients create (seen JWE ids, counted events): members expire
/// `lifetime` seconds after insertion and past `capacity` the oldest goes, like ``BoundedStore``.
public struct BoundedSet<Element: Hashable & Sendable>: Sendable {
    private var store: BoundedStore<Element, Bool>

    /// - Parameters:
    ///   - lifetime: Seconds a member lives after it is inserted.
    ///   - capacity: The most members kept; the oldest goes first.
    ///   - now: The clock expiry is measured by.
    public init(lifetime: TimeInterval, capacity: Int, now: @escaping @Sendable () -> Date = { Date() }) {
        store = BoundedStore(lifetime: lifetime, capacity: capacity, now: now)
    }

    /// The members kept now.
    public var count: Int { store.count }

    /// Whether `member` is kept (and has not expired).
    public func contains(_ member: Element) -> Bool { store[member] != nil }

    /// Inserts `member`; `inserted` is false when it was already there.
    @discardableResult
    public mutating func insert(_ member: Element) -> (inserted: Bool, memberAfterInsert: Element) {
        guard store[member] == nil else { return (false, member) }
        store[member] = true
        return (true, member)
    }

    /// Forgets every member.
    public mutating func removeAll() { store.removeAll() }
}
