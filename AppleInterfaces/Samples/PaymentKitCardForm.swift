// PaymentKit's manual (seb-paymentkit-card-form.lt.md), its samples as written there, inside the
// UIKit view controller an app writes them in: the SDK's three text fields, `from: self`, and the
// one callback. Type-checked against the Apple interfaces by AppleInterfaces/check.sh; never run.
import PaymentKit
import UIKit

/// What the app's backend returned when it created the payment.
struct CreatedPayment {
    var paymentId: String
    var verificationKey: String
}

extension UITextField {
    /// The app's own way of showing a field's error.
    func showError(_ message: String) { placeholder = message }
}

final class CheckoutViewController: UIViewController, UITextFieldDelegate {
    let nameField = UITextField()
    let numberField = CardNumberTextField()
    let expiryField = CardExpiryTextField()
    let securityCodeField = CardSecurityCodeTextField()
    var payment = CreatedPayment(paymentId: "pay_1", verificationKey: "vk_1")

    override func viewDidLoad() {
        super.viewDidLoad()
        // Laikykite saugos kodo ilgį suderintą su aptiktu kortelės prekės ženklu.
        securityCodeField.brand = numberField.brand
        // The app's own delegate, beside the SDK's formatting (not part of the manual's sample).
        numberField.delegate = self
    }

    func textFieldShouldReturn(_ textField: UITextField) -> Bool {
        textField == numberField ? expiryField.becomeFirstResponder() : true
    }

    func pay() {
        let configuration = Configuration(
            apiBaseURL: URL(string: "https://your-backend.example.com"),
            checkoutAPIBaseURL: URL(string: "https://sandbox-api.example.com"),
            checkoutBaseURL: URL(string: "https://sandbox-checkout.example.com"),
            environment: .sandbox
        )
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

    func showReceipt(reference: String) { title(reference) }
    func showFailure(message: String?) { title(message ?? "") }
    func confirmWithBackend(paymentId: String) { title(paymentId) }
    private func title(_ text: String) { navigationItem.title = text }
}
