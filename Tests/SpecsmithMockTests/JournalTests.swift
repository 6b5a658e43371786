import Foundation
@_spi(Generated) import SpecsmithRuntime
import SpecsmithTesting
import Testing

@testable import SpecsmithMock

/// The journal is bounded, pages, and holds nothing sensitive whatever the request reached.
@Suite struct JournalTests {
    static let card = "4111111111111111"
    static let spacedCard = "4111 1111 1111 1111"
    static let securityCode = "737"
    static let session = "session-4f1e2d"
    static let connectionToken = "bex-9a8b7c"

    @Test func theJournalKeepsTheNewestEntriesAndPages() async throws {
        let service = MockService(router: ServerFixture().router, capacity: 3)
        for index in 1...5 {
            _ = await service.respond(to: MockRequest(method: "GET", path: "/items/\(index)"))
        }
        #expect(service.journal.map(\.sequence) == [3, 4, 5])
        #expect(service.journal(after: 3, limit: 1).map(\.sequence) == [4])
        let page = await service.respond(
            to: MockRequest(method: "GET", path: "/__mock/journal", query: ["after": "4", "limit": "10"]))
        let entries = try WireCoding.decode([MockJournalEntry].self, from: page.body)
        #expect(entries.map(\.sequence) == [5])
        let bad = await service.respond(
            to: MockRequest(method: "GET", path: "/__mock/journal", query: ["limit": "-1"]))
        #expect(bad.status == 400)
    }

    @Test(arguments: [
        ("/cards/4111111111111111/x", "/cards/<redacted>/x"),
        ("pan 4111 1111 1111 1111", "pan <redacted>"),
        ("4111-1111-1111-1111!", "<redacted>!"),
        ("order 12345678901 of 2026-11-30", "order 12345678901 of 2026-11-30"),
        ("çay 411111111111", "çay <redacted>"),
    ])
    func longDigitRunsAreMasked(text: String, masked: String) {
        #expect(JournalRedactor.maskingDigits(in: text) == masked)
    }

    @Test func theFaultListIsBounded() async throws {
        let service = MockService(router: ServerFixture().router, capacity: 2)
        for latency in 1...3 { try service.inject(MockFault(kind: .latency, latencyMilliseconds: latency)) }
        let answer = await service.respond(
            to: MockRequest(
                method: "POST", path: "/__mock/faults",
                body: Data(#"{"kind": "latency", "latencyMilliseconds": 4}"#.utf8)))
        let faults = try WireCoding.decode([MockFault].self, from: answer.body)
        // The newest two are kept; the oldest went first.
        #expect(faults.map(\.latencyMilliseconds) == [3, 4])
    }

    @Test func sensitiveValuesNeverReachTheJournalOrAnError() async throws {
        let pageService = MockService(
            router: ServerFixture().router,
            pages: [MockPage(pathPrefix: "/3ds/") { _ in MockResponse(status: 200, body: Data("<html/>".utf8)) }])
        let server = try MockHTTPServer { await pageService.respond(to: $0) }
        let secrets = [Self.card, Self.spacedCard, Self.session, Self.connectionToken]
        let body = #"{"text": "hi", "secret": "\#(Self.card)"}"#
        let credentials =
            "Authorization: Bearer \(Self.session)\r\nBex-Connection: \(Self.connectionToken)\r\n"
            + "Cookie: s=\(Self.session)\r\n"
        let spaced = Self.spacedCard.replacingOccurrences(of: " ", with: "%20")
        let requests = [
            "POST /echo?pan=\(Self.card)&cvc=\(Self.securityCode) HTTP/1.1",  // routed
            "POST /nope/\(Self.card) HTTP/1.1",  // 404
            "PUT /echo?pan=\(Self.card) HTTP/1.1",  // 405
            "POST /3ds/\(Self.card) HTTP/1.1",  // a page
            "GET /items/\(spaced) HTTP/1.1",  // a path parameter
            "POST /echo HTTP/1.1",  // a body that fails validation
        ]
        var answers = ""  // the error answers
        for (index, line) in requests.enumerated() {
            let connection = try RawConnection(port: server.port)
            let payload = index == 5 ? #"{"text": 4111111111111111}"# : body
            connection.send(
                "\(line)\r\nHost: t\r\n\(credentials)Content-Type: application/json\r\n"
                    + "Content-Length: \(payload.utf8.count)\r\n\r\n\(payload)")
            let response = try #require(await connection.readResponse())
            // The echo routes repeat what they got by design; errors must not.
            if response.status >= 400 { answers += String(decoding: response.body, as: UTF8.self) }
        }
        await server.stop()
        let journal = String(decoding: try WireCoding.encode(pageService.journal), as: UTF8.self)
        #expect(pageService.journal.count == requests.count)
        for secret in secrets {
            #expect(!journal.contains(secret), "the journal holds \(secret.prefix(4))…")
            #expect(!answers.contains(secret), "an error repeats \(secret.prefix(4))…")
        }
        #expect(!journal.contains("cvc\":\"\(Self.securityCode)"))
        #expect(pageService.journal.first?.query == ["pan": "<redacted>", "cvc": "<redacted>"])
        #expect(pageService.journal[1].body == "<\(body.utf8.count) bytes, not routed to an operation>")
    }
}
