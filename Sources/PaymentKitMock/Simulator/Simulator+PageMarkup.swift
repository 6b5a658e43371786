// Hand-written: what the pages show, built on SpecsmithMock's TestPage so each works on a phone.
// Inputs carry labels tied by `for`/`id`, the keyboard and autofill hints a real card form has, and
// nothing the payer typed comes back: a refused form is shown empty, with the reason above it.
import Foundation
import PaymentKit
import SpecsmithMock

extension PaymentKitSimulator {
    /// The issuer's page: what is being paid, with which card, and the three answers.
    static func issuerForm(_ session: SimulatorState.Session, payment: SimulatorState.Payment?) -> MockResponse {
        let brand = CardBrand(rawValue: session.card.brand)?.displayName ?? session.card.brand
        let amount = payment.map { #"<p class="amount" id="amount">\#(amountText($0))</p>"# } ?? ""
        return TestPage(
            title: "Test issuer: confirm the payment",
            body: """
                \(amount)
                <p class="detail" id="card">\(HTMLText.escape(brand)) ending in \(HTMLText.escape(session.card.lastFour))</p>
                <p class="detail">Choose what the test issuer answers to this check.</p>
                <form id="challenge" method="post" action="\(PagePath.issuer)\(HTMLText.escape(session.id))">
                <button name="decision" value="approve" id="approve">Approve</button>
                <button class="secondary" name="decision" value="deny" id="deny">Deny</button>
                <button class="secondary" name="decision" value="cancel" id="cancel">Cancel</button>
                </form>
                """
        ).response
    }

    /// The hosted card form, with `error` (a refusal's message) above it when the last try failed.
    static func hostedForm(_ payment: SimulatorState.Payment, key: String, error: String?) -> MockResponse {
        let amount = amountText(payment)
        let described = error == nil ? "" : #" aria-describedby="error""#
        return TestPage(
            title: "Pay \(amount)", heading: "Card payment",
            body: """
                <p class="amount" id="amount">\(amount)</p>
                <p class="detail" id="order">Order \(HTMLText.escape(payment.orderReference))</p>
                \(error.map(refusal) ?? "")
                <form id="pay" method="post" action="\(PagePath.hosted)\(HTMLText.escape(payment.id))">
                <input type="hidden" name="verification_key" value="\(HTMLText.escape(key))">
                <label for="cardholder_name">Name on the card</label>
                <input id="cardholder_name" name="cardholder_name" autocomplete="cc-name" autocapitalize="words" \
                spellcheck="false"\(described)>
                <label for="card_number">Card number</label>
                <input id="card_number" name="card_number" inputmode="numeric" autocomplete="cc-number" \
                maxlength="23" spellcheck="false"\(described)>
                <label for="expiry">Expiry date (MM/YY)</label>
                <input id="expiry" name="expiry" inputmode="numeric" autocomplete="cc-exp" placeholder="MM/YY" \
                maxlength="7"\(described)>
                <label for="security_code">Security code</label>
                <input id="security_code" name="security_code" type="password" inputmode="numeric" \
                autocomplete="cc-csc" maxlength="4"\(described)>
                <button name="action" value="pay" id="pay-button">Pay \(amount)</button>
                <button class="secondary" name="action" value="cancel" id="cancel-button">Cancel</button>
                </form>
                """
        ).response
    }

    /// Where a hosted payment ends: its state for tests in `#state`, and for the payer what happened.
    static func donePage(_ payment: SimulatorState.Payment) -> MockResponse {
        let (title, message): (String, String) =
            switch payment.state {
            case .settled: ("Payment complete", success("Paid \(amountText(payment))."))
            case .failed: ("Payment failed", refusal(payment.declineReason ?? "The payment was refused."))
            case .abandoned: ("Payment cancelled", notice("Nothing was charged."))
            default: ("Payment \(payment.state.rawValue)", notice("The payment is not finished yet."))
            }
        return TestPage(
            title: title,
            body: """
                <p class="amount" id="amount">\(amountText(payment))</p>
                <p class="detail">State: <span id="state">\(HTMLText.escape(payment.state.rawValue))</span></p>
                \(message)
                <p>You can return to the app.</p>
                """
        ).response
    }

    // MARK: - Pieces

    /// A payment's amount as the payer reads it: "12.50 EUR".
    static func amountText(_ payment: SimulatorState.Payment) -> String {
        HTMLText.escape(MoneyText.format(payment.amount.rawValue, currency: payment.currency.rawValue))
    }

    /// Why the gateway refused, where a screen reader announces it.
    static func refusal(_ message: String) -> String {
        #"<p id="error" class="message refusal" role="alert">\#(HTMLText.escape(message))</p>"#
    }

    static func success(_ message: String) -> String {
        #"<p id="message" class="message success" role="status">\#(HTMLText.escape(message))</p>"#
    }

    static func notice(_ message: String, refusal: Bool = false) -> String {
        #"<p id="message" class="message\#(refusal ? " refusal" : "")">\#(HTMLText.escape(message))</p>"#
    }
}
