import Foundation
import GoldenKit
import GoldenKitMock
import SpecsmithMock
@_spi(Generated) import SpecsmithRuntime
import SpecsmithTesting
import Testing

/// Declared success statuses and response headers, client and mock together over loopback: a
/// `201` with `Location`, `ETag` and a rate limit read next to its body, a `204` with no body, and a
/// `204` whose only answer is a header.
@Suite struct ResponseMetadataTests {
    func withMock(_ body: (Golden.Client, URL) async throws -> Void) async throws {
        try await withGoldenMock { client, _, url in try await body(client, url) }
    }

    @Test func createdAnswerCarriesItsStatusAndTypedHeadersBesideTheBody() async throws {
        try await withMock { client, _ in
            let id = try Golden.Item.ID("tea")
            let stock = try await client.restockItem(id: id, ifMatch: "v1")
            #expect(stock.httpStatus == 201)
            #expect(stock.id == id)  // the body's members read through the reply
            #expect(stock.responseHeaders.location.absoluteString == "http://127.0.0.1/items/tea/stock/1")
            #expect(stock.responseHeaders.etag == "after-v1")
            #expect(stock.responseHeaders.remaining == 41)
            let unconditional = try await client.restockItem(id: id)
            #expect(unconditional.responseHeaders.etag == nil)
        }
    }

    @Test func noContentIsSentWithoutABodyAndReturnsVoid() async throws {
        try await withMock { client, url in
            try await client.forgetItem(id: try .init("tea"))
            // On the wire: 204, no Content-Length, no body (RFC 9110 §15.3.5).
            let request = TransportRequest(method: .delete, url: url.appendingPathComponent("items/tea"), timeout: 60)
            let response = try await URLSessionHTTPTransport().send(request)
            #expect(response.status == 204)
            #expect(response.body.isEmpty)
            #expect(!response.headers.keys.contains { $0.lowercased() == "content-length" })
        }
    }

    @Test func aBodylessAnswerCanStillCarryDeclaredHeaders() async throws {
        try await withMock { client, _ in
            let touched = try await client.touchItem(id: try .init("tea"))
            #expect(touched.httpStatus == 204)
            #expect(touched.responseHeaders.etag == "\"seen-tea\"")
        }
    }

    @Test func aMissingOrMistypedRequiredHeaderIsAMalformedResponseThatKeepsTheAnswer() async throws {
        let transport = ScriptedTransport()
        let item = #"{"id":"tea","price":1}"#
        transport.queue([
            .success(TransportResponse(status: 201, headers: ["ETag": "x"], body: Data(item.utf8))),
            .success(
                TransportResponse(
                    status: 201, headers: ["location": "http://a/b", "x-ratelimit-remaining": "many"],
                    body: Data(item.utf8))),
            .success(TransportResponse(status: 201, headers: ["LOCATION": " http://a/b "], body: Data(item.utf8))),
        ])
        let client = Golden.Client(
            environment: .custom(api: URL(string: "http://127.0.0.1")!, keys: URL(string: "http://127.0.0.1")!),
            transport: transport)
        for expected in [
            "response header Location is missing", "response header X-RateLimit-Remaining is not a valid Int",
        ] {
            do throws(Golden.Failure) {
                _ = try await client.restockItem(id: try! .init("tea"))
                Issue.record("a reply without its required header was accepted")
            } catch {
                #expect(error.kind == .invalidResponse)
                #expect(error.detail.contains(expected))
                #expect(error.response?.status == 201)
            }
        }
        // Header names are not case-sensitive, and the value's surrounding blanks are not part of it.
        let reply = try await client.restockItem(id: try .init("tea"))
        #expect(reply.responseHeaders.location.absoluteString == "http://a/b")
    }
}
