import Foundation
import GoldenKit
import GoldenKitBackend
import GoldenKitMock
import SpecsmithMock
@_spi(Generated) import SpecsmithRuntime
import SpecsmithTesting
import Testing

/// A `backendOnly` endpoint is a method of the backend module's `BackendClient`, with the key only a
/// backend holds, and travels with it over loopback. (That the app's `Client` has neither the method
/// nor an `adminKey:` parameter is in its golden file, `GoldenKit/Generated/Client.swift`.)
@Suite struct BackendClientTests {
    @Test func theBackendClientSendsItsKeyAndTheMockServesTheEndpoint() async throws {
        let service = MockService(router: FixtureHandler().router)
        let responder: MockHTTPServer.Responder = { await service.respond(to: $0) }
        try await withServer(responder) { url in
            // Fixed, with no run of 12 digits across its groups: the journal masks such runs as
            // card numbers wherever they stand, and a random UUID has one about one time in ten.
            let id = try #require(UUID(uuidString: "1b4e28ba-2fa1-4d2e-883f-0016d3cca427"))
            let backend = Golden.BackendClient(environment: .custom(api: url, keys: url), adminKey: "admin")
            try await backend.refundOrder(id: id)
            let request = try #require(service.journal.last)
            #expect(request.method == "POST")
            #expect(request.path.lowercased() == "/orders/\(id.uuidString.lowercased())/refund")
            #expect(request.headers["x-admin-key"] == "<redacted>")

            let keyless = Golden.BackendClient(environment: .custom(api: url, keys: url))
            await #expect(throws: Golden.Failure.self) { try await keyless.refundOrder(id: id) }
        }
    }
}
