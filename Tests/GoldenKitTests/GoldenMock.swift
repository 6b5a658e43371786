import Foundation
import GoldenKit
import GoldenKitMock
import SpecsmithMock
import SpecsmithTesting

/// Runs `body` with a client of the fixture's spec against its generated mock, served over loopback
/// by the fixture handler: the client, the service (for its journal and faults) and the server's URL.
func withGoldenMock(
    appKey: String? = nil, _ body: (Golden.Client, MockService, URL) async throws -> Void
) async throws {
    let service = MockService(router: FixtureHandler().router)
    try await withMockService(service) { url in
        let client = Golden.Client(environment: .custom(api: url, keys: url), appKey: appKey, timeout: 60)
        try await body(client, service, url)
    }
}
