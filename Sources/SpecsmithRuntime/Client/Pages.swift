import Foundation

/// The pages of a paginated endpoint, fetched one at a time as they are iterated, and the items
/// across them (``items``): `for try await issue in client.listIssuesPages(owner: "o").items { … }`.
///
/// Each page is one call, and iterating throws the service's typed failure (`throws(Failure)`
/// where the platform's `AsyncSequence` carries one: Swift 6 on Linux, iOS 18 and macOS 15). The
/// pages end when the service says so: no `Link: rel="next"`, no next cursor, `has_more` false, or
/// an empty page. A service that answers the same continuation twice ends them too, rather than
/// loop forever.
public struct Pages<Page: Sendable, Item: Sendable, Failure: Error>: AsyncSequence, Sendable {
    public typealias Element = Page
    /// Fetches one page: the first for `nil`, else the page the continuation names; answers the
    /// page and the continuation of the next one, `nil` after the last.
    public typealias Fetch = @Sendable (_ continuation: String?) async throws(Failure) -> (page: Page, next: String?)

    private let fetch: Fetch
    private let itemsOf: @Sendable (Page) -> [Item]

    /// Pages that `fetch` fetches, whose items `items` reads.
    public init(items: @escaping @Sendable (Page) -> [Item], fetch: @escaping Fetch) {
        self.fetch = fetch
        itemsOf = items
    }

    /// Pages that `fetch` fetches, whose items are at `items` (`\.self` for a page that is a list).
    public init(items: KeyPath<Page, [Item]> & Sendable, fetch: @escaping Fetch) {
        self.init(items: { $0[keyPath: items] }, fetch: fetch)
    }

    /// Pages by number from `first`, the page after the last one empty: `fetchPage` fetches one.
    public init(
        items: KeyPath<Page, [Item]> & Sendable, numberedFrom first: Int,
        fetchPage: @escaping @Sendable (_ number: Int) async throws(Failure) -> Page
    ) {
        self.init(items: items, countingFrom: first, step: { _ in 1 }, fetchPage: fetchPage)
    }

    /// Pages by item offset from `first`, each next offset past the page's items, until a page is empty.
    public init(
        items: KeyPath<Page, [Item]> & Sendable, offsetFrom first: Int,
        fetchPage: @escaping @Sendable (_ offset: Int) async throws(Failure) -> Page
    ) {
        self.init(items: items, countingFrom: first, step: { $0 }, fetchPage: fetchPage)
    }

    /// Pages by a count from `first` that each page advances by `step` of its item count, until a
    /// page is empty.
    private init(
        items: KeyPath<Page, [Item]> & Sendable, countingFrom first: Int, step: @escaping @Sendable (Int) -> Int,
        fetchPage: @escaping @Sendable (Int) async throws(Failure) -> Page
    ) {
        self.init(items: items) { continuation throws(Failure) in
            let count = continuation.flatMap { Int($0) } ?? first
            let page = try await fetchPage(count)
            let held = page[keyPath: items].count
            return (page, held == 0 ? nil : String(count + step(held)))
        }
    }

    /// Pages by an opaque cursor: the first from `first` (the caller's, often `nil`), each next
    /// from the cursor the page answers at `next`.
    public init(
        items: KeyPath<Page, [Item]> & Sendable, cursor first: String?, next: KeyPath<Page, String?> & Sendable,
        fetchPage: @escaping @Sendable (_ cursor: String?) async throws(Failure) -> Page
    ) {
        self.init(items: items) { continuation throws(Failure) in
            let page = try await fetchPage(continuation ?? first)
            return (page, page[keyPath: next])
        }
    }

    /// Pages by the last item, as Stripe pages (`starting_after` = the last item's id): the first
    /// from `first`, each next after the id at `itemID` of the page's last item, while the page
    /// says at `hasMore` that more follow (an empty page ends them whatever it says).
    public init<ID: ParameterValue>(
        items: KeyPath<Page, [Item]> & Sendable, cursor first: ID?, afterLast itemID: KeyPath<Item, ID> & Sendable,
        hasMore: KeyPath<Page, Bool> & Sendable,
        fetchPage: @escaping @Sendable (_ cursor: ID?) async throws(Failure) -> Page
    ) {
        self.init(items: items) { continuation throws(Failure) in
            let page = try await fetchPage(continuation.flatMap(ID.init(parameterValue:)) ?? first)
            guard page[keyPath: hasMore], let last = page[keyPath: items].last else { return (page, nil) }
            return (page, last[keyPath: itemID].parameterValue)
        }
    }

    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(fetch: fetch)
    }

    /// Fetches the pages in order.
    public struct AsyncIterator: AsyncIteratorProtocol {
        let fetch: Fetch
        private var continuation: String?
        private var seen: Set<String> = []
        private var finished = false

        init(fetch: @escaping Fetch) {
            self.fetch = fetch
        }

        /// The next page; `nil` after the last.
        public mutating func next() async throws(Failure) -> Page? {
            guard !finished else { return nil }
            let (page, next) = try await fetch(continuation)
            if let next, seen.insert(next).inserted {
                continuation = next
            } else {
                finished = true
            }
            return page
        }
    }

    /// The items of every page, in order.
    public var items: PagedItems<Page, Item, Failure> { PagedItems(pages: self, itemsOf: itemsOf) }

    /// The items of the pages, at most `limit` of them: fetches no page after the one that fills it.
    public func collect(upTo limit: Int) async throws(Failure) -> [Item] {
        var collected: [Item] = []
        guard limit > 0 else { return collected }
        var iterator = items.makeAsyncIterator()
        while collected.count < limit, let item = try await iterator.next() {
            collected.append(item)
        }
        return collected
    }
}

/// The items across the pages of a ``Pages``, fetched a page at a time.
public struct PagedItems<Page: Sendable, Item: Sendable, Failure: Error>: AsyncSequence, Sendable {
    public typealias Element = Item

    let pages: Pages<Page, Item, Failure>
    let itemsOf: @Sendable (Page) -> [Item]

    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(pages: pages.makeAsyncIterator(), itemsOf: itemsOf)
    }

    /// Reads the items of one page, then fetches the next.
    public struct AsyncIterator: AsyncIteratorProtocol {
        var pages: Pages<Page, Item, Failure>.AsyncIterator
        let itemsOf: @Sendable (Page) -> [Item]
        private var buffer: [Item] = []
        private var index = 0

        init(pages: Pages<Page, Item, Failure>.AsyncIterator, itemsOf: @escaping @Sendable (Page) -> [Item]) {
            self.pages = pages
            self.itemsOf = itemsOf
        }

        /// The next item; `nil` after the last page's last.
        public mutating func next() async throws(Failure) -> Item? {
            while index == buffer.count {
                guard let page = try await pages.next() else { return nil }
                buffer = itemsOf(page)
                index = 0
            }
            defer { index += 1 }
            return buffer[index]
        }
    }
}

/// The `rel="next"` target of a `Link` header (RFC 8288), such as GitHub's
/// `<https://api.github.com/…&page=2>; rel="next", <…>; rel="last"`.
public enum LinkHeader {
    /// The URL the link with relation `relation` points to, resolved against `base`; `nil` without one.
    public static func target(of value: String, relation: String = "next", base: URL? = nil) -> URL? {
        var rest = Substring(value)
        while let open = rest.firstIndex(of: "<") {
            guard let close = rest[open...].firstIndex(of: ">") else { return nil }
            let reference = rest[rest.index(after: open)..<close]
            let parametersEnd = rest[close...].firstIndex(of: "<") ?? rest.endIndex
            let parameters = rest[rest.index(after: close)..<parametersEnd]
            let relations = parameters.split(separator: ";").compactMap { parameter -> [Substring]? in
                let pair = parameter.split(separator: "=", maxSplits: 1)
                guard pair.count == 2, pair[0].trimmingCharacters(in: .whitespaces).lowercased() == "rel" else {
                    return nil
                }
                return pair[1].trimmingCharacters(in: CharacterSet(charactersIn: "\" ,")).split(separator: " ")
                    .map { $0[...] }
            }
            if relations.joined().contains(where: { $0.lowercased() == relation }) {
                return URL(string: String(reference), relativeTo: base)?.absoluteURL
            }
            rest = rest[parametersEnd...]
        }
        return nil
    }
}
