import Foundation
import GoldenKit
import GoldenKitMock
import SpecsmithMock
@_spi(Generated) import SpecsmithRuntime
import SpecsmithTesting
import Testing

/// The three pagination styles, client and mock together over loopback: the client iterates the
/// pages and their items one call at a time; the mock cuts the handler's whole collection the way
/// the spec says the service does.
@Suite struct PaginationTests {
    func withMock(_ body: (Golden.Client, MockService) async throws -> Void) async throws {
        try await withGoldenMock { client, service, _ in try await body(client, service) }
    }

    static let all = (0..<7).map { "i\($0)" }

    @Test func linkHeadersAreFollowedPageByPage() async throws {
        try await withMock { client, service in
            var sizes: [Int] = []
            for try await page in client.browseItemsPages(shop: "main", perPage: 3) { sizes.append(page.count) }
            #expect(sizes == [3, 3, 1])
            let ids = try await client.browseItemsPages(shop: "main", perPage: 3).items.map(\.id.rawValue).collected()
            #expect(ids == Self.all)
            let pages = service.journal.filter { $0.operation == "browseItems" }.map(\.path)
            #expect(pages.count == 6)
        }
    }

    @Test func cursorsAreSentBackUntilTheAnswerHasNone() async throws {
        try await withMock { client, _ in
            var cursors: [String?] = []
            for try await page in client.searchItemsPages(text: "tea", limit: 2) { cursors.append(page.nextCursor) }
            #expect(cursors == ["2", "4", "6", nil])
            let ids = try await client.searchItemsPages(limit: 2).items.map(\.id.rawValue).collected()
            #expect(ids == Self.all)
        }
    }

    @Test func pageNumbersRunUntilAnEmptyPage() async throws {
        try await withMock { client, service in
            let ids = try await client.numberedItemsPages().items.map(\.id.rawValue).collected()
            #expect(ids == Array(Self.all.prefix(5)))
            #expect(service.journal.filter { $0.operation == "numberedItems" }.count == 2)
        }
    }

    /// Parameters named as the pages method's own names once were (`next`, `number`, and the
    /// closure's `continuation`) go out as the caller gave them, page after page.
    @Test func noParameterNameIsTakenByThePagesMethod() async throws {
        try await withMock { client, service in
            let ids = try await client.numberedItemsPages(next: "n", number: 7, continuation: "c").items
                .map(\.id.rawValue).collected()
            #expect(ids == Array(Self.all.prefix(5)))
            let sent = service.journal.filter { $0.operation == "numberedItems" }
            #expect(
                sent.count == 2 && sent.allSatisfy { Set($0.query.keys) == ["p", "next", "number", "continuation"] })
        }
    }

    /// Iterating pages and items throws the service's failure type, so a `do throws(Failure)` holds it.
    @Test func iteratingPagesThrowsTheTypedFailure() async throws {
        let transport = ScriptedTransport()
        let broken = TransportResponse(status: 500, headers: [:], body: Data("{}".utf8))
        transport.queue([.success(broken), .success(broken)])
        let base = URL(string: "http://127.0.0.1:8080")!
        let client = Golden.Client(
            environment: .custom(api: base, keys: base), transport: transport, retry: RetryPolicy(maxAttempts: 1))
        do throws(Golden.Failure) {
            for try await item in client.browseItemsPages(shop: "main").items { Issue.record("\(item) from a 500") }
            Issue.record("a 500 ended the pages quietly")
        } catch {
            #expect(error.status == 500)
        }
        do throws(Golden.Failure) {
            _ = try await client.browseItemsPages(shop: "main").collect(upTo: 3)
            Issue.record("collecting after a failure answered")
        } catch {
            #expect(error.status == 500 && transport.requests.count == 2)
        }
    }

    @Test func offsetsAdvanceByEachPagesItemsUntilAnEmptyPage() async throws {
        try await withMock { client, service in
            let ids = try await client.offsetItemsPages(start: 2, limit: 3).items.map(\.id.rawValue).collected()
            #expect(ids == Array(Self.all.dropFirst(2)))
            let offsets = service.journal.filter { $0.operation == "offsetItems" }
            #expect(offsets.count == 3)
        }
    }

    @Test func collectingFewerItemsFetchesFewerPages() async throws {
        try await withMock { client, service in
            let first = try await client.browseItemsPages(shop: "main", perPage: 3).collect(upTo: 4)
            #expect(first.map(\.id.rawValue) == ["i0", "i1", "i2", "i3"])
            #expect(service.journal.filter { $0.operation == "browseItems" }.count == 2)
        }
    }

    /// The request carries the client's credentials: a next link to another origin is not followed.
    @Test func aNextLinkToAnotherOriginIsRefusedAndNotFollowed() async throws {
        let transport = ScriptedTransport()
        transport.queue([
            .success(
                TransportResponse(
                    status: 200, headers: ["Link": #"<http://127.0.0.2:9/shops/main/catalog?page=2>; rel="next""#],
                    body: Data("[]".utf8)))
        ])
        let base = URL(string: "http://127.0.0.1:8080")!
        let client = Golden.Client(environment: .custom(api: base, keys: base), transport: transport)
        var iterator = client.browseItemsPages(shop: "main").makeAsyncIterator()
        _ = try await iterator.next()
        do throws(Golden.Failure) {
            _ = try await iterator.next()
            Issue.record("a link to another origin was followed")
        } catch {
            #expect(error.kind == .invalidResponse)
            #expect(error.detail.contains("leaves the service's host"))
        }
        #expect(transport.requests.count == 1)
    }

    @Test func aServiceThatRepeatsItsCursorEndsThePages() async throws {
        let pages = Pages<Int, Int, Never>(items: { [$0] }, fetch: { next in (next == nil ? 0 : 1, "same") })
        #expect(try await pages.items.collected() == [0, 1])
    }

    @Test(arguments: [
        (
            #"<https://api.example.com/r?page=2>; rel="next", <https://api.example.com/r?page=9>; rel="last""#,
            "https://api.example.com/r?page=2"
        ),
        (
            #"<https://api.example.com/r?page=1>; rel="prev", <https://api.example.com/r?page=3>; rel="next last""#,
            "https://api.example.com/r?page=3"
        ),
        (#"</r?page=4>; REL=next"#, "http://127.0.0.1/r?page=4"),
        (#"<https://api.example.com/r?page=9>; rel="last""#, nil),
        ("garbage", nil),
    ])
    func theNextTargetOfALinkHeader(header: String, expected: String?) {
        #expect(LinkHeader.target(of: header, base: URL(string: "http://127.0.0.1/r"))?.absoluteString == expected)
    }
}
