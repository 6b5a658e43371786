import Foundation
@_spi(Generated) import SpecsmithRuntime
import SpecsmithTesting
import Testing

@testable @_spi(Generated) import SpecsmithMock

/// A request type with a generated-style schema, so its validation lists problems.
struct Batch: Codable, Sendable, WireValidated {
    var items: [Int]
    static var wireSchema: WireSchema { .object([.required("items", .array(.integer))]) }
}

/// The journal stays within its bytes, pages over HTTP by default, and a bad body gets a short answer.
@Suite struct JournalBoundsTests {
    static var router: MockRouter {
        var routes = ServerFixture().router.routes
        routes.append(
            MockRoute(WireOperation(name: "batch", method: "POST", host: "api", path: "/batch")) {
                request throws(MockFailure) in
                try request.decodeBody(Batch.self)
            })
        return MockRouter(routes: routes, envelope: ServerFixture.envelope)
    }

    func withService(
        _ service: MockService, _ body: (MockHTTPServer) async throws -> Void
    ) async throws {
        let configuration = MockHTTPServer.Configuration(port: 0, maxBodyBytes: 2 * 1024 * 1024)
        try await withMockServer(configuration, responder: { await service.respond(to: $0) }, body)
    }

    func send(_ method: RequestMethod, _ path: String, body: Data? = nil, to server: MockHTTPServer) async throws
        -> TransportResponse
    {
        var request = TransportRequest(
            method: method, url: try #require(URL(string: server.baseURL.absoluteString + path)))
        if let body {
            request.body = body
            request.headers = [("Content-Type", "application/json")]
        }
        return try await URLSessionHTTPTransport().send(request)
    }

    @Test func largeBodiesAreCutAndTheJournalStaysWithinItsBytes() async throws {
        let service = MockService(router: Self.router, journalByteLimit: 16 * 1024, journalBodyLimit: 1024)
        let text = String(repeating: "é", count: 100 * 1024)  // 200 KiB of two-byte characters
        let body = try WireCoding.encode(Echo(text: text))
        try await withService(service) { server in
            for _ in 0..<20 { #expect(try await send("POST", "/echo", body: body, to: server).status == 200) }
            let page = try await send("GET", "/__mock/journal", to: server)
            let entries = try WireCoding.decode([MockJournalEntry].self, from: page.body)
            #expect(service.journalBytes <= 16 * 1024)
            // The newest entries are kept, the oldest dropped to make room.
            #expect(entries.count >= 2 && entries.count < 20)
            #expect(entries.last?.sequence == 20)
            for entry in entries {
                #expect(entry.bodyIsCut)
                #expect(entry.bodyBytes == body.count)
                #expect(entry.body.utf8.count <= 1024 && entry.body.utf8.count > 1000)
                #expect(entry.body.hasPrefix(#"{"text":"éé"#))
            }
        }
    }

    @Test func aSmallBodyIsKeptWholeWithItsSize() async throws {
        let service = MockService(router: Self.router)
        try await withService(service) { server in
            _ = try await send("POST", "/echo", body: Data(#"{"text": "hi"}"#.utf8), to: server)
            let entry = try #require(service.journal.first)
            #expect(entry.body == #"{"text":"hi"}"#)
            #expect(entry.bodyBytes == 14)
            #expect(!entry.bodyIsCut)
        }
    }

    @Test func theJournalOverHTTPPagesByDefaultAndLinksTheNextPage() async throws {
        let service = MockService(router: Self.router)
        let count = MockService.defaultJournalPage + 30
        for index in 1...count { _ = await service.respond(to: MockRequest(method: "GET", path: "/items/\(index)")) }
        try await withService(service) { server in
            let first = try await send("GET", "/__mock/journal", to: server)
            let firstEntries = try WireCoding.decode([MockJournalEntry].self, from: first.body)
            #expect(firstEntries.map(\.sequence) == Array(1...MockService.defaultJournalPage))
            let link = try #require(first.headers["link"])
            #expect(link == "</__mock/journal?after=\(MockService.defaultJournalPage)&limit=100>; rel=\"next\"")
            let next = try await send("GET", "/__mock/journal?after=100&limit=100", to: server)
            let nextEntries = try WireCoding.decode([MockJournalEntry].self, from: next.body)
            #expect(nextEntries.map(\.sequence) == Array(101...count))
            #expect(next.headers["link"] == nil)
            let huge = try await send("GET", "/__mock/journal?limit=1000000", to: server)
            #expect(try WireCoding.decode([MockJournalEntry].self, from: huge.body).count == count)
        }
    }

    @Test func aPageNeverHoldsMoreThanTheMaximum() async throws {
        let service = MockService(router: Self.router)
        for index in 0...MockService.maxJournalPage {
            _ = await service.respond(to: MockRequest(method: "GET", path: "/items/\(index)"))
        }
        let answer = await service.respond(
            to: MockRequest(method: "GET", path: "/__mock/journal", query: ["limit": "5000"]))
        #expect(try WireCoding.decode([MockJournalEntry].self, from: answer.body).count == MockService.maxJournalPage)
        #expect(
            answer.headers["link"] == "</__mock/journal?after=\(MockService.maxJournalPage)&limit=1000>; rel=\"next\"")
    }

    @Test func aBodyWithThousandsOfProblemsGetsAShortAnswerThatCountsTheRest() async throws {
        let service = MockService(router: Self.router)
        // About 195 KiB: every element is a problem.
        let items = Array(repeating: #""x""#, count: 50_000).joined(separator: ",")
        let body = Data(#"{"items": [\#(items)]}"#.utf8)
        try await withService(service) { server in
            let answer = try await send("POST", "/batch", body: body, to: server)
            #expect(answer.status == 400)
            #expect(answer.body.count < 2048)
            let text = String(decoding: answer.body, as: UTF8.self)
            #expect(text.contains("items[9]: expected an integer, found a string; and 49990 more problems"))
            #expect(!text.contains("items[10]"))
        }
    }

    @Test func aProblemNamingAHugeKeyIsCut() {
        let key = String(repeating: "k", count: 100_000)
        let problems = Batch.wireSchema.problems(in: Data(#"{"items": [], "\#(key)": 1}"#.utf8))
        #expect(problems.count == 1)
        #expect(problems[0].count == ProblemList.maxProblemLength + 1)
        #expect(problems[0].hasSuffix("…"))
    }

    @Test func aFewProblemsAreListedWithoutACount() {
        let problems = Batch.wireSchema.problems(in: Data(#"{"items": ["a", 2, true]}"#.utf8))
        #expect(
            problems == [
                "items[0]: expected an integer, found a string", "items[2]: expected an integer, found a boolean",
            ])
    }

    @Test func aFaultsTextIsBoundedSinceFaultsAreKeptUntilCleared() {
        let service = MockService(router: Self.router)
        let long = String(repeating: "x", count: 1025)
        #expect(throws: MockFailure.badRequest("message is capped at 1,024 bytes")) {
            try service.inject(MockFault(kind: .error, status: 503, code: 1, message: long))
        }
        #expect(throws: MockFailure.badRequest("operation is capped at 256 bytes")) {
            try service.inject(MockFault(operation: long, kind: .latency))
        }
        #expect(throws: Never.self) {
            try service.inject(MockFault(kind: .error, status: 503, code: 1, message: String(long.dropLast())))
        }
    }
}
