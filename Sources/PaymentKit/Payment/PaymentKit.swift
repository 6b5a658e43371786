// Hand-written: the seed's entry point. The spec describes the wire; this is the SDK's own shape
// around it: one callback per payment, on the main queue, whatever happens.
import Foundation
import SpecsmithRuntime

/// Card payments with the app's own form (on-device JWE, EMV 3-D Secure) and hosted checkout.
///
/// There is no global state: each payment has its own latch and deadline, and releasing the
/// `PaymentKit` object mid-payment still gives that payment's one callback.
public final class PaymentKit: Sendable {
    /// The hosts, environment and time limits this instance uses.
    public let configuration: Configuration
    let transport: any HTTPTransport
    let middlewares: [any ClientMiddleware]
    let keys = CardKeyCache()

    /// - Parameters:
    ///   - configuration: The three hosts and the environment.
    ///   - transport: How requests travel; `URLSessionTransport` unless you bring another.
    ///   - middlewares: What every request passes through, such as `LoggingMiddleware` (card data
    ///     only ever travels encrypted, and the log redacts it too).
    public init(
        configuration: Configuration, transport: any HTTPTransport = URLSessionTransport(),
        middlewares: [any ClientMiddleware] = []
    ) {
        self.configuration = configuration
        self.transport = transport
        self.middlewares = middlewares
    }

    // MARK: - Card payments

    /// Pays `request` with `card`: validates it, encrypts it on the device, creates the card
    /// session, runs 3-D Secure (showing a challenge through `presenter` only if the issuer asks),
    /// and calls `completion` exactly once, on the main queue, after anything shown is dismissed.
    ///
    /// Invalid input or a missing URL fails through `completion` before any network call.
    /// - Parameters:
    ///   - request: The payment from your backend.
    ///   - card: The card; a copy is taken at once.
    ///   - presenter: Shows the issuer's challenge page (your view controller on iOS).
    ///   - completion: The one result.
    public func startCardPayment(
        _ request: CardPaymentRequest, card: CardInput, from presenter: some ChallengePresenter,
        completion: @escaping @MainActor @Sendable (PaymentResult) -> Void
    ) {
        let details = card.details
        let latch = PaymentCompletion(paymentId: request.paymentId, callback: completion)
        if let invalid = CardInput.Field.allCases.lazy.compactMap({ details.validationError(for: $0, at: Date()) })
            .first
        {
            return latch.finish(.init(outcome: .failed, paymentId: request.paymentId, error: .invalidCard(invalid)))
        }
        let flow: CardFlow
        do throws(PaymentError) {
            flow = try CardFlow(kit: self, request: request, card: details, presenter: presenter, latch: latch)
        } catch {
            return latch.finish(.init(outcome: .failed, paymentId: request.paymentId, error: error))
        }
        latch.start(deadline: configuration.deadline) { await flow.run() }
    }

    /// The `async` twin of ``startCardPayment(_:card:from:completion:)``.
    public func startCardPayment(
        _ request: CardPaymentRequest, card: CardInput, from presenter: some ChallengePresenter
    ) async -> PaymentResult {
        await withCheckedContinuation { continuation in
            startCardPayment(request, card: card, from: presenter) { continuation.resume(returning: $0) }
        }
    }

    // MARK: - Hosted checkout

    /// Pays `request` on the gateway's hosted page, shown through `presenter`; when the page
    /// returns, reads the status from your backend (`apiBaseURL`) and fills `paymentStatus` and
    /// `orderNumber`. Calls `completion` exactly once, on the main queue, after the page is dismissed.
    public func startPayment(
        _ request: PaymentRequest, from presenter: some ChallengePresenter,
        completion: @escaping @MainActor @Sendable (PaymentResult) -> Void
    ) {
        let latch = PaymentCompletion(paymentId: request.paymentId, callback: completion)
        let flow: HostedFlow
        do throws(PaymentError) {
            flow = try HostedFlow(kit: self, request: request, presenter: presenter, latch: latch)
        } catch {
            return latch.finish(.init(outcome: .failed, paymentId: request.paymentId, error: error))
        }
        latch.start(deadline: configuration.deadline) { await flow.run() }
    }

    /// The `async` twin of ``startPayment(_:from:completion:)``.
    public func startPayment(_ request: PaymentRequest, from presenter: some ChallengePresenter) async -> PaymentResult
    {
        await withCheckedContinuation { continuation in
            startPayment(request, from: presenter) { continuation.resume(returning: $0) }
        }
    }

    // MARK: - Status

    /// The payment's status from your backend (`apiBaseURL`): how to settle an `.unresolved` outcome.
    /// - Throws: ``PaymentError/configuration(_:)`` without `apiBaseURL`, ``PaymentError/service(_:)``
    ///   when the backend fails or cannot be reached.
    public func paymentStatus(paymentId: String) async throws(PaymentError) -> PaymentKitAPI.PaymentStatus {
        let api = try configuration.require(configuration.apiBaseURL, "apiBaseURL")
        guard let id = PaymentKitAPI.PaymentID(rawValue: paymentId) else {
            throw .invalidRequest("\"\(paymentId)\" is not a payment id")
        }
        do {
            return try await client(api: api, checkoutAPI: api, checkout: api).paymentStatus(id: id)
        } catch {
            throw .service(error)
        }
    }

    /// A wire client; hosts a flow does not use point at one it does, and are never called.
    func client(api: URL, checkoutAPI: URL, checkout: URL) -> PaymentKitAPI.Client {
        PaymentKitAPI.Client(
            environment: .custom(api: api, checkoutAPI: checkoutAPI, checkout: checkout), transport: transport,
            timeout: configuration.requestTimeout, middlewares: middlewares)
    }
}
