// The seed's code samples (seb-paymentkit-card-form.lt.md), as written there, around a stand-in for
// the app's view controller and text fields: they compile against PaymentKit and run on the mock.
import Foundation
import PaymentKit
import PaymentKitTesting

/// What a `UITextField` gives the samples on Linux: its text, and the seed's field properties.
final class SampleTextField {
    var text: String?
    var month: String { CardExpiryFormatter.month(of: text ?? "") }
    var year: String { CardExpiryFormatter.year(of: text ?? "") }
    var brand: CardBrand? { CardBrand.detect(text ?? "") }
    private(set) var shownError: String?

    init(_ text: String) { self.text = text }

    func showError(_ message: String) { shownError = message }
}

/// The app's card form screen, as the seed writes it; it presents challenges like a view controller.
@MainActor final class CardFormViewController: ChallengePresenter {
    let nameField = SampleTextField("Ona Petraitė")
    let numberField: SampleTextField
    let expiryField = SampleTextField("12/39")
    let securityCodeField = SampleTextField("123")
    let payment: CardPaymentRequest
    let urls: URL
    private(set) var outcome: String? {
        didSet {
            waiter?.resume()
            waiter = nil
        }
    }
    private var waiter: CheckedContinuation<Void, Never>?
    private nonisolated let web = HeadlessChallengePresenter.approve

    init(number: String, payment: CardPaymentRequest, mock: URL) {
        numberField = SampleTextField(number)
        self.payment = payment
        urls = mock
    }

    nonisolated func present(_ page: PagePresentation, completion: @escaping @Sendable (PageResult) -> Void) {
        web.present(page, completion: completion)
    }

    nonisolated func dismiss(completion: @escaping @Sendable () -> Void) { web.dismiss(completion: completion) }

    /// Returns once the payment's callback has shown something.
    func waitForOutcome() async {
        if outcome != nil { return }
        await withCheckedContinuation { waiter = $0 }
    }

    func showReceipt(reference: String) { outcome = "receipt \(reference)" }
    func showFailure(message: String?) { outcome = "failure \(message ?? "")" }
    func confirmWithBackend(paymentId: String) { outcome = "confirm \(paymentId)" }

    /// "Konfigūruoti", "Surinkite kortelės duomenis", "Patikrinti" and "Pradėkite mokėjimą".
    func pay() {
        let configuration = Configuration(
            apiBaseURL: URL(string: urls.absoluteString), checkoutAPIBaseURL: URL(string: urls.absoluteString),
            checkoutBaseURL: URL(string: urls.absoluteString), environment: .sandbox)
        let paymentKit = PaymentKit(configuration: configuration)

        let card = CardInput()
        card.cardholderName = nameField.text ?? ""
        card.cardNumber = numberField.text ?? ""
        card.expiryMonth = expiryField.month
        card.expiryYear = expiryField.year
        card.securityCode = securityCodeField.text ?? ""

        if let error = card.validationError(for: .cardNumber) {
            numberField.showError(error.localizedDescription)
        }
        guard card.isValid else { return }

        let request = CardPaymentRequest(
            paymentId: payment.paymentId,
            verificationKey: payment.verificationKey
        )
        paymentKit.startCardPayment(request, card: card, from: self) { result in
            switch result.outcome {
            case .succeeded:
                self.showReceipt(reference: result.paymentId)
            case .failed:
                self.showFailure(message: result.error?.localizedDescription)
            case .cancelled:
                break
            case .unresolved:
                self.confirmWithBackend(paymentId: result.paymentId)
            }
        }
    }
}
