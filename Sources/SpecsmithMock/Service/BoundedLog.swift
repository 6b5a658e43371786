import Foundation

/// The newest elements, oldest first, kept within a count and a total of bytes: what the journal
/// keeps. The oldest go first when either bound would be crossed, so a burst of large entries
/// costs older entries rather than memory.
struct BoundedLog<Element> {
    /// At most this many elements.
    let capacity: Int
    /// At most this many bytes in all, as `cost` counts them.
    let byteLimit: Int
    private let cost: (Element) -> Int
    /// Slots before `head` are emptied at once (their memory goes back) and compacted away once
    /// they are half the storage.
    private var storage: [(element: Element?, bytes: Int)] = []
    private var head = 0
    /// The bytes of the elements kept.
    private(set) var bytes = 0

    init(capacity: Int, byteLimit: Int, cost: @escaping (Element) -> Int) {
        self.capacity = max(1, capacity)
        self.byteLimit = max(1, byteLimit)
        self.cost = cost
    }

    var count: Int { storage.count - head }

    var elements: [Element] { storage[head...].compactMap(\.element) }

    /// The elements, oldest first, that satisfy `isIncluded`, at most `limit` of them.
    func elements(where isIncluded: (Element) -> Bool, limit: Int) -> [Element] {
        Array(storage[head...].lazy.compactMap(\.element).filter(isIncluded).prefix(limit))
    }

    /// Appends `element`, dropping the oldest until both bounds hold. An element costing more than
    /// the whole byte limit is still kept (alone): its caller cuts elements to size beforehand.
    mutating func append(_ element: Element) {
        let size = cost(element)
        storage.append((element, size))
        bytes += size
        while count > 1, count > capacity || bytes > byteLimit {
            bytes -= storage[head].bytes
            storage[head] = (nil, 0)
            head += 1
        }
        if head > 0, head * 2 >= storage.count {
            storage.removeFirst(head)
            head = 0
        }
    }

    mutating func removeAll() {
        storage = []
        head = 0
        bytes = 0
    }
}
