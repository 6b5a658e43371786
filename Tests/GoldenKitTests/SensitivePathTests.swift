import Foundation
import GoldenKit
import GoldenKitMock
import SpecsmithMock
@_spi(Generated) import SpecsmithRuntime
import SpecsmithTesting
import Testing

/// A card number the spec sends in the path and the query, against the generated mock over loopback:
/// the server repeats both in its error, and neither reaches the failure, the log or the journal.
@Suite struct SensitivePathTests {
    static let number = "4242424242424242"
    static let spare = "5555555555554444"

    @Test func aCardNumberInTheURLIsHiddenInTheFailureTheLogAndTheJournal() async throws {
        let service = MockService(router: FixtureHandler().router)
        let lines = Recorder<[String]>([])
        let number = try Golden.CardNumber(validating: Self.number)
        let spare = try Golden.CardNumber(validating: Self.spare)
        try await withMockService(service) { url in
            let client = Golden.Client(
                environment: .custom(api: url, keys: url), timeout: 60,
                middlewares: [LoggingMiddleware(log: { line in lines.update { $0.append(line) } })], retry: .never)
            do throws(Golden.Failure) {
                try await client.checkCard(number: number, spare: spare)
                Issue.record("the mock charges no card")
            } catch {
                #expect(error.code == .cardDeclined)
                #expect(error.message == "card <redacted> cannot be charged, nor <redacted>")
                for text in [error.message, error.detail, error.description] {
                    #expect(!text.contains(Self.number) && !text.contains(Self.spare), "\(text)")
                }
            }
        }
        let logged = lines.update { $0 }
        #expect(logged.first == "→ checkCard GET /cards/<redacted>/check [Accept: application/json]")
        #expect(logged.allSatisfy { !$0.contains(Self.number) && !$0.contains(Self.spare) }, "\(logged)")
        let entry = try #require(service.journal.first)
        #expect(entry.path == "/cards/<redacted>/check")
        #expect(entry.query == ["spare": "<redacted>"])
    }

    /// The mock refuses a card number that breaks its rules without quoting it back.
    @Test func theMockRefusesABadCardInThePathWithoutRepeatingIt() async throws {
        let service = MockService(router: FixtureHandler().router)
        for (path, bad) in [("/cards/4242/check", "4242"), ("/cards/4242424242424242/check?spare=5555", "5555")] {
            let components = path.split(separator: "?")
            let query = components.count > 1 ? ["spare": String(components[1].dropFirst("spare=".count))] : [:]
            let answer = await service.respond(
                to: MockRequest(method: "GET", path: String(components[0]), query: query))
            let body = String(decoding: answer.body, as: UTF8.self)
            #expect(answer.status == 400, "\(body)")
            #expect(!body.contains(bad) && body.contains("<redacted>"), "\(body)")
        }
        #expect(!service.journal.contains { $0.path.contains("4242") })
    }
}
