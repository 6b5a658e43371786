import Foundation

/// A mock on loopback as a test suite uses it: the server, the `MockService` (generated routes,
/// journal, faults, pages) it answers with, and the simulator behind the routes. Each SDK's mock names
/// its own (`BKMExpressMockServer`, …) and adds a `start` that makes its simulator.
public final class SimulatedMock<Simulator: Sendable>: Sendable {
    /// The loopback HTTP server.
    public let server: MockHTTPServer
    /// The routes, journal, faults and pages the server answers with.
    public let service: MockService
    /// The state behind the routes, for tests that reach past the API.
    public let simulator: Simulator

    /// Where every host of the service answers.
    public var baseURL: URL { server.baseURL }

    private init(server: MockHTTPServer, service: MockService, simulator: Simulator) {
        self.server = server
        self.service = service
        self.simulator = simulator
    }

    /// Starts a mock on `127.0.0.1:port` (0 for a free port) answering with what `make` builds for
    /// the server's base URL.
    public static func start(
        port: UInt16 = 0, making make: (URL) async throws -> (MockService, Simulator)
    ) async throws -> SimulatedMock {
        let (server, service, simulator) = try await MockHTTPServer.serving(.init(port: port), makeService: make)
        return SimulatedMock(server: server, service: service, simulator: simulator)
    }

    /// Stops accepting and waits for requests in flight.
    public func stop() async {
        await server.stop()
    }
}
