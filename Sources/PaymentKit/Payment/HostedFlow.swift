// Hand-written: hosted checkout — the gateway's page through the presenter, then the status from the
// merchant's backend.
import Foundation

/// One hosted payment.
struct HostedFlow: Sendable {
    let client: PaymentKitAPI.Client
    let page: PagePresentation
    let paymentID: PaymentKitAPI.PaymentID
    let presenter: any ChallengePresenter
    let latch: PaymentCompletion

    init(kit: PaymentKit, request: PaymentRequest, presenter: any ChallengePresenter, latch: PaymentCompletion)
        throws(PaymentError)
    {
        let configuration = kit.configuration
        let checkout = try configuration.require(configuration.checkoutBaseURL, "checkoutBaseURL")
        let api = try configuration.require(configuration.apiBaseURL, "apiBaseURL")
        guard let id = PaymentKitAPI.PaymentID(rawValue: request.paymentId) else {
            throw .invalidRequest("\"\(request.paymentId)\" is not a payment id")
        }
        var components = URLComponents(
            url: checkout.appendingPathComponent("hosted/\(id.rawValue)"), resolvingAgainstBaseURL: false)
        components?.queryItems = [URLQueryItem(name: "verification_key", value: request.verificationKey)]
        guard let url = components?.url else { throw .invalidRequest("the hosted page URL cannot be built") }
        page = PagePresentation(url: url, returnURL: checkout.appendingPathComponent("hosted/\(id.rawValue)/done"))
        paymentID = id
        client = kit.client(api: api, checkoutAPI: configuration.checkoutAPIBaseURL ?? api, checkout: checkout)
        self.presenter = presenter
        self.latch = latch
    }

    func run() async -> PaymentResult {
        // The page takes the card: from here on the SDK cannot know what happened without asking.
        guard latch.markCardSent() else {
            // Already ended by the deadline or a cancellation; this result is never delivered.
            return PaymentResult(outcome: .cancelled, paymentId: paymentID.rawValue)
        }
        let pageResult = await PagePresenting.present(page, with: presenter, latch: latch)
        let status: PaymentKitAPI.PaymentStatus
        do {
            status = try await client.paymentStatus(id: paymentID)
        } catch {
            return PaymentResult(outcome: .unresolved, paymentId: paymentID.rawValue, error: .service(error))
        }
        let outcome: PaymentOutcome
        var error: PaymentError?
        switch status.paymentState {
        case .settled: outcome = .succeeded
        case .failed:
            outcome = .failed
            error = .declined("")
        case .abandoned: outcome = .cancelled
        case .initial where pageResult == .closed: outcome = .cancelled
        default: outcome = .unresolved
        }
        return PaymentResult(
            outcome: outcome, paymentId: paymentID.rawValue, error: error, paymentStatus: status.paymentState,
            orderNumber: status.orderNumber)
    }
}
