import Foundation
@_spi(Generated) import SpecsmithRuntime
import Testing

@testable @_spi(Generated) import SpecsmithMock

/// A path parameter of a sensitive type is hidden in the journal whatever its shape; a card-shaped
/// digit run was already masked, a token is not digits.
@Suite struct JournalPathParameterTests {
    @Test func aSensitivePathParameterIsRedactedInTheJournal() async throws {
        let operation = WireOperation(
            name: "token", method: "GET", host: "api", path: "/v1/tokens/{token}", sensitiveParameters: ["token"])
        let router = MockRouter(
            routes: [
                MockRoute(operation) { request throws(MockFailure) in
                    Echo(text: try request.requiredParameter("token", in: .path, as: String.self).count.description)
                }
            ], envelope: ServerFixture.envelope)
        let service = MockService(router: router)
        let answer = await service.respond(to: MockRequest(method: "GET", path: "/v1/tokens/tok_live_ab12cd34"))
        #expect(answer.status == 200)
        #expect(service.journal.map(\.path) == ["/v1/tokens/<redacted>"])
        // A method the path does not take: no operation, yet the path is known to hold the token.
        let refused = await service.respond(to: MockRequest(method: "POST", path: "/v1/tokens/tok_live_ab12cd34"))
        #expect(refused.status == 405)
        #expect(!String(decoding: refused.body, as: UTF8.self).contains("tok_live_ab12cd34"))
        #expect(service.journal.map(\.path) == ["/v1/tokens/<redacted>", "/v1/tokens/<redacted>"])
    }
}
