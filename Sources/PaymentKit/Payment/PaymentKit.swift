// Hand-written: the seed's entry point. The spec describes the wire; this is the SDK's own shape
// around it: one callback per payment, on the main queue, whatever happens.
import Foundation
import SpecsmithRuntime

/// Card payments with the app's own form (on-device JWE, EMV 3-D Secure) and hosted checkout.
///
/// There is no global state: each payment has its own latch and deadline, and releasing the
/// `PaymentKit` object mid-payment still gives that payment's one callback. The one thing an
/// instance remembers between payments is which payment ids are running now, so a double tap
/// cannot start a second attempt; an id is forgotten the moment its payment gives its result.
public final class PaymentKit: Sendable {
    /// The hosts, environment and time limits this instance uses.
    public let configuration: Configuration
    let transport: any HTTPTransport
    let middlewares: [any TransportMiddleware]
    let keys = CardKeyCache()
    let deadlineClock: any DeadlineClock
    let running = Locked<Set<String>>([])

    /// - Parameters:
    ///   - configuration: The three hosts and the environment.
    ///   - transport: How requests travel; `URLSessionHTTPTransport` unless you bring another.
    ///   - middlewares: What every request passes through, such as `LoggingMiddleware` (card data
    ///     only ever travels encrypted, and the log redacts it too).
    public convenience init(
        configuration: Configuration, transport: any HTTPTransport = URLSessionHTTPTransport(),
        middlewares: [any TransportMiddleware] = []
    ) {
        self.init(
            configuration: configuration, transport: transport, middlewares: middlewares,
            deadlineClock: DispatchDeadlineClock())
    }

    /// An instance whose deadlines pass when `deadlineClock` says, for tests that decide the moment.
    package init(
        configuration: Configuration, transport: any HTTPTransport = URLSessionHTTPTransport(),
        middlewares: [any TransportMiddleware] = [], deadlineClock: any DeadlineClock
    ) {
        self.configuration = configuration
        self.transport = transport
        self.middlewares = middlewares
        self.deadlineClock = deadlineClock
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
        _ = beginCardPayment(request, card: card, from: presenter, completion: completion)
    }

    /// The `async` twin of ``startCardPayment(_:card:from:completion:)``.
    ///
    /// Cancelling the task ends the payment: `.cancelled` while nothing was sent; a challenge on
    /// screen is closed as if by the payer (the session is abandoned, or `.unresolved` when the
    /// issuer already approved); `.unresolved` with ``PaymentError/cancelledAfterSending`` when the
    /// card may already have reached the gateway.
    public func startCardPayment(
        _ request: CardPaymentRequest, card: CardInput, from presenter: some ChallengePresenter
    ) async -> PaymentResult {
        await withCancellation { completion in
            beginCardPayment(request, card: card, from: presenter, completion: completion)
        }
    }

    private func beginCardPayment(
        _ request: CardPaymentRequest, card: CardInput, from presenter: some ChallengePresenter,
        completion: @escaping @MainActor @Sendable (PaymentResult) -> Void
    ) -> PaymentCompletion {
        let details = card.details
        let latch = PaymentCompletion(paymentId: request.paymentId, callback: completion)
        if let invalid = CardInput.Field.allCases.lazy.compactMap({ details.validationError(for: $0, at: Date()) })
            .first
        {
            latch.finish(.init(outcome: .failed, paymentId: request.paymentId, error: .invalidCard(invalid)))
            return latch
        }
        let flow: CardFlow
        do throws(PaymentError) {
            flow = try CardFlow(kit: self, request: request, card: details, presenter: presenter, latch: latch)
        } catch {
            latch.finish(.init(outcome: .failed, paymentId: request.paymentId, error: error))
            return latch
        }
        return run(latch) { await flow.run() }
    }

    // MARK: - Hosted checkout

    /// Pays `request` on the gateway's hosted page, shown through `presenter`; when the page
    /// returns, reads the status from your backend (`apiBaseURL`) and fills `paymentStatus` and
    /// `orderNumber`. Calls `completion` exactly once, on the main queue, after the page is dismissed.
    public func startPayment(
        _ request: PaymentRequest, from presenter: some ChallengePresenter,
        completion: @escaping @MainActor @Sendable (PaymentResult) -> Void
    ) {
        _ = beginPayment(request, from: presenter, completion: completion)
    }

    /// The `async` twin of ``startPayment(_:from:completion:)``.
    ///
    /// Cancelling the task closes the hosted page as if the payer did, and the status from your
    /// backend decides the outcome.
    public func startPayment(_ request: PaymentRequest, from presenter: some ChallengePresenter) async -> PaymentResult
    {
        await withCancellation { completion in beginPayment(request, from: presenter, completion: completion) }
    }

    private func beginPayment(
        _ request: PaymentRequest, from presenter: some ChallengePresenter,
        completion: @escaping @MainActor @Sendable (PaymentResult) -> Void
    ) -> PaymentCompletion {
        let latch = PaymentCompletion(paymentId: request.paymentId, callback: completion)
        let flow: HostedFlow
        do throws(PaymentError) {
            flow = try HostedFlow(kit: self, request: request, presenter: presenter, latch: latch)
        } catch {
            latch.finish(.init(outcome: .failed, paymentId: request.paymentId, error: error))
            return latch
        }
        return run(latch) { await flow.run() }
    }

    // MARK: - Running

    /// Starts `flow` under `latch`'s deadline, unless this instance is already running the same
    /// payment: then the latch ends at once, `.unresolved` with ``PaymentError/alreadyInProgress``.
    private func run(_ latch: PaymentCompletion, _ flow: @escaping @Sendable () async -> PaymentResult)
        -> PaymentCompletion
    {
        let id = latch.paymentId
        guard running.withLock({ $0.insert(id).inserted }) else {
            latch.finish(.init(outcome: .unresolved, paymentId: id, error: .alreadyInProgress))
            return latch
        }
        // The set, not `self`: releasing the PaymentKit mid-payment must not keep it alive.
        let running = running
        latch.start(
            deadline: configuration.deadline, clock: deadlineClock,
            onFinish: {
                _ = running.withLock { $0.remove(id) }
            }, flow: flow)
        return latch
    }

    /// Waits for the payment `begin` starts; cancelling the waiting task cancels the payment.
    private func withCancellation(
        _ begin: (@escaping @MainActor @Sendable (PaymentResult) -> Void) -> PaymentCompletion
    ) async -> PaymentResult {
        let relay = Locked<(cancelled: Bool, latch: PaymentCompletion?)>((false, nil))
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let latch = begin { continuation.resume(returning: $0) }
                let cancelled = relay.withLock { relay in
                    relay.latch = latch
                    return relay.cancelled
                }
                if cancelled { latch.cancel() }
            }
        } onCancel: {
            let latch = relay.withLock { relay in
                relay.cancelled = true
                return relay.latch
            }
            latch?.cancel()
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
    /// `observer` sees each answer as the client decodes it, after the app's middlewares.
    func client(api: URL, checkoutAPI: URL, checkout: URL, observing observer: (any TransportMiddleware)? = nil)
        -> PaymentKitAPI.Client
    {
        PaymentKitAPI.Client(
            environment: .custom(api: api, checkoutAPI: checkoutAPI, checkout: checkout), transport: transport,
            timeout: configuration.requestTimeout, middlewares: (observer.map { [$0] } ?? []) + middlewares)
    }
}
