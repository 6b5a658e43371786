import Foundation

/// Pagination as a generated route does it: the handler answers the whole collection, and the
/// route cuts the page the request asks for, as the spec's pagination says the service does.
extension MockRequest {
    /// The most items a mock page holds, whatever the request asks.
    public static let maxPageSize = 100

    /// The page of `items` that page number `pageParameter` (from 1) asks for, `sizeParameter` items
    /// a page (`defaultSize` when the request does not say), and the next page's number, `nil`
    /// after the last.
    ///
    /// - Throws: ``MockFailure`` (400) for a page or size below 1.
    public func page<Item>(
        of items: [Item], pageParameter: String, sizeParameter: String?, defaultSize: Int = 30
    ) throws(MockFailure) -> (items: [Item], next: Int?) {
        let number = try positive(pageParameter) ?? 1
        let size = try pageSize(sizeParameter, defaultSize)
        let (start, overflow) = (number - 1).multipliedReportingOverflow(by: size)
        guard !overflow, start < items.count else { return ([], nil) }
        let end = min(items.count, start + size)
        return (Array(items[start..<end]), end < items.count ? number + 1 : nil)
    }

    /// The page of `items` after the cursor in `cursorParameter` (a cursor this mock gave out:
    /// the offset of the page's first item), and the next page's cursor, `nil` after the last.
    ///
    /// - Throws: ``MockFailure`` (400) for a cursor this mock did not give out, or a size below 1.
    public func page<Item>(
        of items: [Item], cursorParameter: String, sizeParameter: String?, defaultSize: Int = 30
    ) throws(MockFailure) -> (items: [Item], next: String?) {
        let size = try pageSize(sizeParameter, defaultSize)
        var start = 0
        if let cursor = query[cursorParameter] {
            guard let offset = Int(cursor), offset >= 0, offset <= items.count else {
                throw .badRequest("query parameter \(cursorParameter): not a cursor this service gave out")
            }
            start = offset
        }
        let (page, end) = Self.window(of: items, from: start, size: size)
        return (page, end.map(String.init))
    }

    /// The page of `items` from the item offset in `offsetParameter` (0 when absent),
    /// `sizeParameter` items long.
    ///
    /// - Throws: ``MockFailure`` (400) for a negative offset or a size below 1.
    public func page<Item>(
        of items: [Item], offsetParameter: String, sizeParameter: String?, defaultSize: Int = 30
    ) throws(MockFailure) -> (items: [Item], next: Int?) {
        let size = try pageSize(sizeParameter, defaultSize)
        var start = 0
        if let text = query[offsetParameter] {
            guard let offset = Int(text), offset >= 0 else {
                throw .badRequest("query parameter \(offsetParameter): must be 0 or more")
            }
            start = min(offset, items.count)
        }
        return Self.window(of: items, from: start, size: size)
    }

    /// The `size` items of `items` from `start` (within it), and where the next window starts,
    /// `nil` after the last item.
    private static func window<Item>(of items: [Item], from start: Int, size: Int) -> ([Item], next: Int?) {
        let end = min(items.count, start + size)
        return (Array(items[start..<end]), end < items.count ? end : nil)
    }

    /// The page of `items` after the item whose id (as `id` writes it) the request's
    /// `cursorParameter` names, from the first without one, and whether more items follow.
    ///
    /// - Throws: ``MockFailure`` (400) for an id no item has, or a size below 1.
    public func page<Item>(
        of items: [Item], after cursorParameter: String, id: (Item) -> String, sizeParameter: String?,
        defaultSize: Int = 30
    ) throws(MockFailure) -> (items: [Item], hasMore: Bool) {
        let size = try pageSize(sizeParameter, defaultSize)
        var start = 0
        if let cursor = query[cursorParameter] {
            guard let index = items.firstIndex(where: { id($0) == cursor }) else {
                throw .badRequest("query parameter \(cursorParameter): names no item to start after")
            }
            start = index + 1
        }
        let end = min(items.count, start + size)
        return (Array(items[start..<end]), end < items.count)
    }

    /// A `Link` header value (RFC 8288) to page `number` of this request: its own path and query,
    /// the page number replaced, on the host it was sent to.
    public func link(toPage number: Int, pageParameter: String) -> String {
        var items = query.filter { $0.key != pageParameter && queryLists[$0.key] == nil }.map { ($0.key, $0.value) }
        for (name, values) in queryLists where name != pageParameter { items += values.map { (name, $0) } }
        items.sort { $0.0 == $1.0 ? $0.1 < $1.1 : $0.0 < $1.0 }
        items.append((pageParameter, String(number)))
        var components = URLComponents()
        components.queryItems = items.map { URLQueryItem(name: $0.0, value: $0.1) }
        // The host the client named, when it is one (a name, an address, a port); else loopback.
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.-:[]")
        let host = header("host").flatMap { $0.isEmpty || !$0.allSatisfy(allowed.contains) ? nil : $0 } ?? "127.0.0.1"
        return "<http://\(host)\(path)?\(components.percentEncodedQuery ?? "")>; rel=\"next\""
    }

    private func positive(_ name: String) throws(MockFailure) -> Int? {
        guard let text = query[name] else { return nil }
        guard let value = Int(text), value >= 1 else { throw .badRequest("query parameter \(name): must be 1 or more") }
        return value
    }

    private func pageSize(_ name: String?, _ defaultSize: Int) throws(MockFailure) -> Int {
        min(try name.flatMap(positive) ?? defaultSize, Self.maxPageSize)
    }
}
