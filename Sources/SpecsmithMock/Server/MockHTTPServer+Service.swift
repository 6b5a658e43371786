import Foundation
import SpecsmithRuntime

extension MockHTTPServer {
    /// Starts a server for a ``MockService`` that needs the server's own base URL (pages that point
    /// back at the mock, such as 3-D Secure): binds first, then builds the service.
    /// Requests that arrive before the service exists get a 503. The server's own refusals (a
    /// malformed head, a body over the limit) are in the service's declared error shape.
    public static func serving<Extra>(
        _ configuration: Configuration = Configuration(),
        makeService: (URL) async throws -> (MockService, Extra)
    ) async throws -> (MockHTTPServer, MockService, Extra) {
        let slot = ServiceSlot()
        let server = try MockHTTPServer(
            configuration: configuration,
            responder: { request in
                guard let service = slot.service else { return MockResponse(status: 503, body: Data()) }
                return await service.respond(to: request)
            },
            refusal: { status, message in
                guard let service = slot.service else { return MockResponse.error(status: status, message: message) }
                return service.router.failure(.raisedByMock(status: status, message: message))
            })
        do {
            let (service, extra) = try await makeService(server.baseURL)
            slot.set(service)
            return (server, service, extra)
        } catch {
            await server.stop()
            throw error
        }
    }
}

/// The service a server answers with, set once its base URL is known.
private final class ServiceSlot: Sendable {
    private let slot = Locked<MockService?>(nil)
    var service: MockService? { slot.withLock { $0 } }
    func set(_ service: MockService) { slot.withLock { $0 = service } }
}
