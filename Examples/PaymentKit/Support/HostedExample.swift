// Hosted checkout: the gateway's own page through the presenter, then the status from the merchant's
// backend — and the same payment offered both ways.
import ExampleNarration
import Foundation
import PaymentKit
import PaymentKitMock
import PaymentKitTesting

public enum HostedExample {
    public static func run(_ stage: PaymentKitStage) async throws {
        let kit = PaymentKit(configuration: stage.configuration())
        for (name, number, decision, expected) in [
            ("frictionless", PaymentKitTestCards.frictionless, "approve", PaymentOutcome.succeeded),
            ("challenge, approved", PaymentKitTestCards.challenge, "approve", .succeeded),
            ("challenge, denied", PaymentKitTestCards.challenge, "deny", .failed),
        ] {
            step("Hosted page, \(name) card")
            // snippet: hosted
            let request = try await MerchantBackend.order(
                "HOSTED-\(decision)-\(number.suffix(4))", amount: "12.00", at: stage.backend.baseURL)
            let payer = HeadlessChallengePresenter(actions: [
                .submit([
                    "cardholder_name": "Jonas Jonaitis", "card_number": number, "expiry": "12/39",
                    "security_code": "123", "action": "pay",
                ]),
                .submit(["decision": decision]),
            ])
            let result = await kit.startPayment(request, from: payer)
            say(
                "outcome \(result.outcome.rawValue), payment_state \(result.paymentStatus?.rawValue ?? "-"), order \(result.orderNumber ?? "-")"
            )
            say("pages: \(payer.presentedPages.map(\.path).joined(separator: ", "))")
            // snippet: end
            try expect(result.outcome == expected, "\(name) should be \(expected)")
        }

        step(
            "Offering both flows: the payer closes the card challenge, then pays the same payment on the hosted page")
        // snippet: both-flows
        let request = try await MerchantBackend.order("BOTH-1", amount: "30.00", at: stage.backend.baseURL)
        let card = CardFormExample.card(number: PaymentKitTestCards.challenge)
        let closed = await kit.startCardPayment(request, card: card, from: .close)
        say("card flow: \(closed.outcome.rawValue)")
        let hosted = await kit.startPayment(
            request,
            from: HeadlessChallengePresenter(actions: [
                .submit([
                    "cardholder_name": "Jonas Jonaitis", "card_number": PaymentKitTestCards.frictionless,
                    "expiry": "12/39", "security_code": "123", "action": "pay",
                ])
            ]))
        say("hosted flow: \(hosted.outcome.rawValue), payment_state \(hosted.paymentStatus?.rawValue ?? "-")")
        try expect(closed.outcome == .cancelled && hosted.outcome == .succeeded, "one payment, paid either way")
        // snippet: end
    }
}
