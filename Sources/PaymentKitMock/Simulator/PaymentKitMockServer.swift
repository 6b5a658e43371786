// Hand-written: the mock as a test suite uses it — one call to start it on loopback, one to stop.
import Foundation
import PaymentKit
import SpecsmithCrypto
import SpecsmithMock

/// The PaymentKit mock on loopback: the generated routes, the simulator behind them, the journal
/// and fault injection of `MockService`, and the challenge and hosted pages. All three hosts answer
/// at its `baseURL`: use it for all three `Configuration` URLs.
public typealias PaymentKitMockServer = SimulatedMock<PaymentKitSimulator>

extension SimulatedMock where Simulator == PaymentKitSimulator {
    /// Starts a mock on `127.0.0.1:port` (0 for a free port) with the test cards of `PaymentKitTestCards`.
    public static func start(port: UInt16 = 0) async throws -> PaymentKitMockServer {
        try await start(port: port, making: makeService(baseURL:))
    }

    /// The service for a mock reachable at `baseURL`; also what the standalone `paymentkit-mock` serves.
    public static func makeService(baseURL: URL) throws -> (MockService, PaymentKitSimulator) {
        let simulator = PaymentKitSimulator(baseURL: baseURL, cardKey: try paymentKitCardKey.get())
        let service = MockService(router: simulator.router, pages: simulator.pages, onReset: { simulator.reset() })
        return (service, simulator)
    }
}

/// The RSA-2048 card key, made once when the process starts using the mock: making one costs more
/// than everything else a mock does when it starts.
private let paymentKitCardKey = Result { () throws(CryptoFailure) in
    try RSAPrivateKey.generate(keyID: "pk-mock-1")
}
