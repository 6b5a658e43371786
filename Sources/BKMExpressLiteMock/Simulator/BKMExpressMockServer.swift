// Hand-written: the mock as a test suite uses it — one call to start it on loopback, one to stop.
import BKMExpressLiteSDK
import Foundation
import SpecsmithCrypto
import SpecsmithMock

/// The BKM Express mock on loopback: the generated routes, the simulator behind them, the journal
/// and fault injection of `MockService`, and the 3-D Secure pages. The app-facing API and the
/// merchant API both answer at its `baseURL`: pass `.custom(mock.baseURL)` as the mode.
public typealias BKMExpressMockServer = SimulatedMock<BKMExpressSimulator>

extension SimulatedMock where Simulator == BKMExpressSimulator {
    /// Starts a mock on `127.0.0.1:port` (0 for a free port) with the test data of `BKMExpressTestData`.
    public static func start(port: UInt16 = 0) async throws -> BKMExpressMockServer {
        try await start(port: port, making: makeService(baseURL:))
    }

    /// The service for a mock reachable at `baseURL`; also what the standalone `bkm-express-mock` serves.
    public static func makeService(baseURL: URL) throws -> (MockService, BKMExpressSimulator) {
        let simulator = try BKMExpressSimulator(baseURL: baseURL, cardKey: try bkmCardKey.get())
        let service = MockService(
            router: simulator.router,
            pages: [MockPage(pathPrefix: "/3ds/") { simulator.threeDSecurePage($0) }],
            onReset: { simulator.reset() })
        return (service, simulator)
    }
}

/// The key the mock hands out for card encryption: made once per process, since making an RSA key
/// costs more than everything else a mock does when it starts.
private let bkmCardKey = Result { () throws(CryptoFailure) in
    try RSAPrivateKey.generate(keyID: "bkm-mock-card-key")
}
