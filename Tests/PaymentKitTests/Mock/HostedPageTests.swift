import Foundation
import PaymentKit
import PaymentKitMock
import SpecsmithTesting
import Testing

/// The hosted checkout and issuer pages as a payer's phone gets them, over loopback.
@Suite struct HostedPageTests {
    /// A payer's try on the hosted form.
    static func fields(_ number: String, expiry: String = "12/39", code: String = "123") -> [String: String] {
        ["cardholder_name": "Ona Petraitė", "card_number": number, "expiry": expiry, "security_code": code]
    }

    static func hostedURL(_ fixture: PaymentFixture, _ request: CardPaymentRequest) -> URL {
        fixture.mock.baseURL.appendingPathComponent("hosted/\(request.paymentId)")
    }

    @Test func theCardFormTiesEveryLabelToItsInputWithKeyboardAndAutofillHints() async throws {
        try await PaymentFixture.with { fixture in
            let request = try await fixture.newPayment()
            var components = try #require(
                URLComponents(url: Self.hostedURL(fixture, request), resolvingAgainstBaseURL: false))
            components.queryItems = [.init(name: "verification_key", value: request.verificationKey)]
            let page = try await PageBrowser.load(try #require(components.url))
            #expect(page.status == 200)
            #expect(PageMarkup.unlabelledInputs(in: page.html).isEmpty)
            let inputs = Dictionary(
                PageMarkup.tags("input", in: page.html).compactMap { tag in
                    PageMarkup.attribute("id", in: tag).map { ($0, tag) }
                }, uniquingKeysWith: { first, _ in first })
            let hints = [
                "cardholder_name": "cc-name", "card_number": "cc-number", "expiry": "cc-exp", "security_code": "cc-csc",
            ]
            for (id, autocomplete) in hints {
                let tag = try #require(inputs[id], "\(id)")
                #expect(PageMarkup.attribute("autocomplete", in: tag) == autocomplete)
                #expect(PageMarkup.attribute("inputmode", in: tag) == (id == "cardholder_name" ? nil : "numeric"))
            }
            #expect(page.html.contains("<title>Pay 12.50 EUR</title>"))
            #expect(PageMarkup.text(ofID: "amount", in: page.html) == "12.50 EUR")
            #expect(page.html.contains(#"name="viewport""#) && page.html.contains(#"id="test-page-marker""#))
        }
    }

    @Test(arguments: [
        ("4111111111111112", "12/39", "123", "The card number or security code is not valid."),
        (PaymentKitTestCards.frictionless, "12/39", "12", "The card number or security code is not valid."),
        (PaymentKitTestCards.frictionless, "01/20", "123", "The card has expired."),
        (
            PaymentKitTestCards.brandNotAccepted, "12/39", "1234",
            "This shop does not accept this card brand. Please use another card."
        ),
    ])
    func aRefusedCardShowsWhyOnTheFormAndNeverEchoesTheCard(
        _ number: String, _ expiry: String, _ code: String, _ message: String
    ) async throws {
        try await PaymentFixture.with { fixture in
            let request = try await fixture.newPayment()
            var form = Self.fields(number, expiry: expiry, code: code)
            form["verification_key"] = request.verificationKey
            form["action"] = "pay"
            let page = try await PageBrowser.load(Self.hostedURL(fixture, request), form: form)
            #expect(page.url.path == "/hosted/\(request.paymentId)")
            #expect(page.html.contains(#"<p id="error" class="message refusal" role="alert">\#(message)</p>"#))
            #expect(!page.html.contains(number) && !page.html.contains(#"value="\#(code)""#))
            #expect(
                !fixture.everythingPrinted.contains(number) && !fixture.everythingPrinted.contains("security_code="))
            #expect(PageMarkup.unlabelledInputs(in: page.html).isEmpty)
        }
    }

    @Test(arguments: [
        (PaymentKitTestCards.declined, nil, "Declined by the issuer (test card)."),
        (PaymentKitTestCards.challenge, "deny", "The issuer's challenge was not passed."),
    ])
    func aDeclineEndsOnTheDonePageWithItsReason(_ number: String, _ decision: String?, _ reason: String)
        async throws
    {
        try await PaymentFixture.with { fixture in
            let request = try await fixture.newPayment()
            var form = Self.fields(number)
            form["verification_key"] = request.verificationKey
            form["action"] = "pay"
            var page = try await PageBrowser.load(Self.hostedURL(fixture, request), form: form)
            if let decision {
                #expect(PageMarkup.text(ofID: "amount", in: page.html) == "12.50 EUR")
                #expect(PageMarkup.text(ofID: "card", in: page.html) == "Mastercard ending in 4444")
                page = try await PageBrowser.load(page.url, form: ["decision": decision])
            }
            #expect(page.url.path == "/hosted/\(request.paymentId)/done")
            #expect(PageMarkup.text(ofID: "state", in: page.html) == "failed")
            #expect(page.html.contains("<h1>Payment failed</h1>"))
            #expect(page.html.contains(#"<p id="error" class="message refusal" role="alert">\#(reason)</p>"#))
            #expect(!page.html.contains(number))
        }
    }
}
