// Shared by the PaymentKit examples: the mock in-process, the merchant's backend in front of it, and
// narration. Each example is a function, so the tour runs them all.
import ExampleNarration
import Foundation
import PaymentKit
import PaymentKitMock

/// What every PaymentKit example runs against: the gateway mock and the merchant's backend.
public struct PaymentKitStage: Sendable {
    public let mock: PaymentKitMockServer
    public let backend: MerchantBackend

    /// Starts the mock and, in front of it, the merchant's backend, both on loopback.
    public static func start() async throws -> PaymentKitStage {
        // snippet: start-stage
        let mock = try await PaymentKitMockServer.start(port: 0)
        let backend = try await MerchantBackend.start(gateway: mock.baseURL)
        // snippet: end
        print("Gateway mock at \(mock.baseURL.absoluteString); merchant backend at \(backend.baseURL.absoluteString)")
        return PaymentKitStage(mock: mock, backend: backend)
    }

    /// The seed's configuration: the merchant backend, and the gateway's two hosts.
    // snippet: configuration
    public func configuration(deadline: TimeInterval = 60) -> Configuration {
        Configuration(
            apiBaseURL: backend.baseURL, checkoutAPIBaseURL: mock.baseURL, checkoutBaseURL: mock.baseURL,
            environment: .sandbox, deadline: deadline)
    }
    // snippet: end

    public func stop() async {
        await backend.stop()
        await mock.stop()
    }
}

/// Runs `body` on a fresh stage and returns the process's exit status, so CI notices a broken example.
public func runPaymentKitExample(_ name: String, _ body: @escaping @Sendable (PaymentKitStage) async throws -> Void)
    async -> Int32
{
    await runExample(name, start: PaymentKitStage.start, finish: { await $0.stop() }, body)
}
