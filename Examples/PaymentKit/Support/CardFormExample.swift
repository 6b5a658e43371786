// The native card form: typing through the headless formatters, local validation, and a payment with
// every test card of the mock, each ending in exactly one outcome.
import ExampleNarration
import Foundation
import PaymentKit
import PaymentKitMock
import PaymentKitTesting

public enum CardFormExample {
    public static func run(_ stage: PaymentKitStage) async throws {
        step("The number field groups by brand and keeps the caret where the payer typed")
        // snippet: formatters
        var number = TextFieldState()
        for digit in "378282246310005" {
            number = CardNumberFormatter().apply(.insert(String(digit), in: number), to: number)
        }
        say("typed an Amex number → \"\(number.text)\" (brand \(CardBrand.detect(number.text)?.displayName ?? "?"))")
        var expiry = TextFieldState()
        expiry = CardExpiryFormatter().apply(.insert("4", in: expiry), to: expiry)
        say("typed 4 in the expiry field → \"\(expiry.text)\"")
        // snippet: end

        step("Local validation fails before any network call")
        // snippet: validate
        let bad = card(number: "4111 1111 1111 1112")
        say("a mistyped number: \(bad.validationError(for: .cardNumber)?.localizedDescription ?? "valid?")")
        say("printing the card shows no number: \(bad)")
        // snippet: end

        let kit = PaymentKit(configuration: stage.configuration())
        // snippet: test-cards
        let cases: [(String, String, HeadlessChallengePresenter, PaymentOutcome)] = [
            ("frictionless", PaymentKitTestCards.frictionless, .approve, .succeeded),
            ("challenge, approved", PaymentKitTestCards.challenge, .approve, .succeeded),
            ("challenge, denied", PaymentKitTestCards.challenge, .deny, .failed),
            ("challenge, cancelled on the page", PaymentKitTestCards.challenge, .cancelOnPage, .cancelled),
            ("challenge, closed by the payer", PaymentKitTestCards.challenge, .close, .cancelled),
            ("declined", PaymentKitTestCards.declined, .approve, .failed),
            ("brand not accepted", PaymentKitTestCards.brandNotAccepted, .approve, .failed),
            ("pending after the challenge", PaymentKitTestCards.pendingAfterChallenge, .approve, .unresolved),
        ]
        // snippet: end
        for (index, (name, number, presenter, expected)) in cases.enumerated() {
            step("Paying with the \(name) card (…\(number.suffix(4)))")
            // snippet: pay-card
            let request = try await MerchantBackend.order(
                "CARD-\(index + 1)", amount: "5.00", at: stage.backend.baseURL)
            let result = await kit.startCardPayment(request, card: card(number: number), from: presenter)
            say("outcome \(result.outcome.rawValue)\(result.error.map { ": \($0.localizedDescription)" } ?? "")")
            say("pages shown \(presenter.presentedPages.count), dismissed \(presenter.dismissals)")
            try expect(result.outcome == expected, "\(name) should be \(expected)")
            if result.outcome == .unresolved {
                let status = try await kit.paymentStatus(paymentId: result.paymentId)
                say("unresolved, so the app asks its backend: payment_state \(status.paymentState.rawValue)")
            }
            // snippet: end
        }

        step("The slow card meets a short deadline: one callback, .unresolved, and the next payment is not blocked")
        // snippet: deadline
        stage.mock.simulator.slowCardDelay = 1.5
        let hurried = PaymentKit(configuration: stage.configuration(deadline: 0.75))
        let slow = await hurried.startCardPayment(
            try await MerchantBackend.order("ORDER-SLOW", amount: "5.00", at: stage.backend.baseURL),
            card: card(number: PaymentKitTestCards.slow), from: .approve)
        say("outcome \(slow.outcome.rawValue): \(slow.error?.localizedDescription ?? "")")
        try expect(slow.error == .timedOut, "the slow card should hit the deadline")
        // snippet: end
    }

    /// A test card with a future expiry and a code of its brand's length.
    // snippet: card-input
    public static func card(number: String) -> CardInput {
        let card = CardInput()
        card.cardholderName = "Ona Petraitė"
        card.cardNumber = number
        card.expiryMonth = "12"
        card.expiryYear = "39"
        card.securityCode = CardBrand.detect(number) == .americanExpress ? "1234" : "123"
        return card
    }
    // snippet: end
}
