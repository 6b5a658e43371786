import Foundation
import PaymentKit
import PaymentKitBackend
import PaymentKitMock
import PaymentKitTesting
import SpecsmithRuntime
import SpecsmithTesting

/// A mock per test, a merchant backend's client for creating payments, and a PaymentKit pointed at
/// the mock whose every log line is kept, so a test can check that no card data appeared in clear.
struct PaymentFixture {
    let mock: PaymentKitMockServer
    let log = Recorder<[String]>([])

    static func start() async throws -> PaymentFixture {
        PaymentFixture(mock: try await PaymentKitMockServer.start(port: 0))
    }

    /// Runs `body` against a fresh mock that stops on every path out of it.
    static func with<Result>(_ body: (PaymentFixture) async throws -> Result) async throws -> Result {
        try await scoped(start, stop: { await $0.stop() }, body)
    }

    /// A deadline that only bounds a broken flow: tests that are about the deadline pass it with a
    /// ManualDeadlineClock. (At 10 s, a hosted payment of a loaded full run once reached it.)
    var configuration: Configuration {
        Configuration(
            apiBaseURL: mock.baseURL, checkoutAPIBaseURL: mock.baseURL, checkoutBaseURL: mock.baseURL,
            environment: .sandbox, deadline: 60)
    }

    func kit(_ configuration: Configuration? = nil) -> PaymentKit {
        let log = log
        return PaymentKit(
            configuration: configuration ?? self.configuration,
            middlewares: [LoggingMiddleware(log: { line in log.update { $0.append(line) } })])
    }

    /// A kit whose deadlines pass only when `clock` says, with `middlewares` before the log.
    func kit(clock: ManualDeadlineClock, middlewares: [any TransportMiddleware] = []) -> PaymentKit {
        let log = log
        return PaymentKit(
            configuration: configuration,
            middlewares: middlewares + [LoggingMiddleware(log: { line in log.update { $0.append(line) } })],
            deadlineClock: clock)
    }

    /// What the merchant's backend does: create a payment with its gateway key.
    var merchant: PaymentKitAPI.BackendClient {
        PaymentKitAPI.BackendClient(
            environment: .custom(api: mock.baseURL, checkoutAPI: mock.baseURL, checkout: mock.baseURL),
            merchantKey: PaymentKitTestData.merchantKey)
    }

    /// The app's wire client: the checkout endpoints, no key.
    var app: PaymentKitAPI.Client {
        PaymentKitAPI.Client(
            environment: .custom(api: mock.baseURL, checkoutAPI: mock.baseURL, checkout: mock.baseURL))
    }

    func newPayment(_ reference: String = "ORDER-1") async throws -> CardPaymentRequest {
        let payment = try await merchant.createPayment(
            .init(amount: try .init(validating: 12.5), currency: .EUR, orderReference: reference))
        return CardPaymentRequest(paymentId: payment.paymentID.rawValue, verificationKey: payment.verificationKey)
    }

    static func card(_ number: String, code: String? = nil) -> CardInput {
        let card = CardInput()
        card.cardholderName = "Ona Petraitė"
        card.cardNumber = number
        card.expiryMonth = "12"
        card.expiryYear = "39"
        card.securityCode = code ?? (CardBrand.detect(number) == .americanExpress ? "1234" : "123")
        return card
    }

    /// Every text that left the SDK or the mock: logs and the journal.
    var everythingPrinted: String {
        log.value.joined(separator: "\n") + "\n"
            + mock.service.journal.map { "\($0.path) \($0.headers) \($0.body)" }.joined(separator: "\n")
    }

    func stop() async {
        await mock.stop()
    }
}

/// Collects the callbacks of one payment, to prove there is exactly one and that it ran on the main queue.
final class CallbackCounter: Sendable {
    private struct State {
        var results: [(result: PaymentResult, onMain: Bool)] = []
        var waiter: CheckedContinuation<PaymentResult, Never>?
    }

    private let state = Locked(State())

    /// Marks the main queue, so a callback can tell it runs there (on Linux the main queue need not
    /// run on the process's first thread under the test runner).
    static let mainQueueKey: DispatchSpecificKey<Bool> = {
        let key = DispatchSpecificKey<Bool>()
        DispatchQueue.main.setSpecific(key: key, value: true)
        return key
    }()

    init() {
        _ = Self.mainQueueKey
    }

    var callback: @Sendable (PaymentResult) -> Void {
        { result in
            let waiter = self.state.withLock { state in
                state.results.append((result, DispatchQueue.getSpecific(key: Self.mainQueueKey) == true))
                defer { state.waiter = nil }
                return state.waiter
            }
            waiter?.resume(returning: result)
        }
    }

    /// The first result, when it comes.
    func first() async -> PaymentResult {
        await withCheckedContinuation { continuation in
            let done = state.withLock { state in
                if state.results.isEmpty { state.waiter = continuation }
                return state.results.first?.result
            }
            if let done { continuation.resume(returning: done) }
        }
    }

    /// How many callbacks came, after everything already queued on the main queue has run.
    func settledCount() async -> Int {
        await MainActor.run {}
        await MainActor.run {}
        return state.withLock { $0.results.count }
    }

    var allOnMain: Bool { state.withLock { $0.results.allSatisfy(\.onMain) } }
}
