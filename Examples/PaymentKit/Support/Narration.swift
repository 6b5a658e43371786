// Shared by the PaymentKit examples: the mock in-process, the merchant's backend in front of it, and
// narration. Each example is a function, so the tour runs them all.
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

/// A heading for one part of an example.
public func narrate(_ text: String) {
    print("\n— \(text)")
}

/// One line under the current heading.
public func detail(_ text: String) {
    print("    \(text)")
}

/// Why an example stopped.
public struct ExampleFailure: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}

/// Stops the example when the mock did not answer as its test-card table says.
public func require(_ condition: Bool, _ what: @autoclosure () -> String) throws {
    guard condition else { throw ExampleFailure("unexpected: \(what())") }
}

/// Runs `body` on a fresh stage and returns the process's exit status, so CI notices a broken example.
public func runPaymentKitExample(_ name: String, _ body: @escaping @Sendable (PaymentKitStage) async throws -> Void)
    async -> Int32
{
    let stage: PaymentKitStage
    do {
        stage = try await PaymentKitStage.start()
    } catch {
        print("✗ \(name): cannot start: \(error)")
        return 1
    }
    do {
        try await body(stage)
        await stage.stop()
        print("\n✓ \(name) finished")
        return 0
    } catch {
        await stage.stop()
        print("\n✗ \(name): \(error)")
        return 1
    }
}
