// Hand-written: the mock as a test suite uses it — one call to start it on loopback, one to stop.
import BKMExpressLiteSDK
import Foundation
import SpecsmithCrypto
import SpecsmithMock

/// The BKM Express mock on loopback: the generated routes, the simulator behind them, the journal
/// and fault injection of `MockService`, and the 3-D Secure pages.
public final class BKMExpressMockServer: Sendable {
    /// The loopback HTTP server.
    public let server: MockHTTPServer
    /// The routes, journal and fault injection the server answers with.
    public let service: MockService
    /// The state behind the routes, for tests that reach past the API (expiring sessions, finding payment tokens).
    public let simulator: BKMExpressSimulator

    /// Where the app-facing API and the merchant API both answer: pass `.custom(mock.baseURL)` as the mode.
    public var baseURL: URL { server.baseURL }

    private init(server: MockHTTPServer, service: MockService, simulator: BKMExpressSimulator) {
        self.server = server
        self.service = service
        self.simulator = simulator
    }

    /// Starts a mock on `127.0.0.1:port` (0 for a free port) with the test data of `BKMExpressTestData`.
    public static func start(port: UInt16 = 0) async throws -> BKMExpressMockServer {
        let (server, service, simulator) = try await MockHTTPServer.serving(.init(port: port)) { url in
            try makeService(baseURL: url)
        }
        return BKMExpressMockServer(server: server, service: service, simulator: simulator)
    }

    /// The service for a mock reachable at `baseURL`; also what the standalone `bkm-express-mock` serves.
    public static func makeService(baseURL: URL) throws -> (MockService, BKMExpressSimulator) {
        let simulator = try BKMExpressSimulator(baseURL: baseURL, cardKey: try cardKey.get())
        let service = MockService(
            router: simulator.router,
            pages: [MockPage(pathPrefix: "/3ds/") { simulator.threeDSecurePage($0) }],
            onReset: { simulator.reset() })
        return (service, simulator)
    }

    /// The key the mock hands out for card encryption: made once per process, since making an RSA
    /// key costs more than everything else a mock does when it starts.
    static let cardKey = Result { () throws(CryptoFailure) in try RSAPrivateKey.generate(keyID: "bkm-mock-card-key") }

    /// Stops accepting and waits for requests in flight.
    public func stop() async {
        await server.stop()
    }
}
