// The merchant's side of a payment: the backend creates it with its gateway key, the app pays, and
// the backend is where the app confirms the result.
import ExampleNarration
import Foundation
import PaymentKit
import PaymentKitMock
import PaymentKitTesting

public enum MerchantBackendExample {
    public static func run(_ stage: PaymentKitStage) async throws {
        step("The app asks the merchant's backend for a payment; the backend creates it at the gateway")
        // snippet: order
        let request = try await MerchantBackend.order("ORDER-7001", amount: "19.99", at: stage.backend.baseURL)
        // snippet: end
        say("payment \(request.paymentId), with a verification key the app keeps to itself")

        step("The app pays with a card; the gateway never sees the card in clear")
        let kit = PaymentKit(configuration: stage.configuration())
        let card = CardInput()
        card.cardholderName = "Ona Petraitė"
        card.cardNumber = PaymentKitTestCards.frictionless
        card.expiryMonth = "12"
        card.expiryYear = "39"
        card.securityCode = "123"
        let result = await kit.startCardPayment(request, card: card, from: .approve)
        say("outcome \(result.outcome.rawValue), card session \(result.sessionId ?? "none")")
        try expect(result.outcome == .succeeded, "the frictionless card should pay")

        step("The app confirms with its backend (apiBaseURL), which reads the gateway with its key")
        // snippet: confirm-status
        let status = try await kit.paymentStatus(paymentId: request.paymentId)
        say("payment_state \(status.paymentState.rawValue), order number \(status.orderNumber)")
        try expect(status.paymentState == .settled, "the backend should report settled")
        // snippet: end

        step("The gateway's own record keeps only brand and last four")
        let record = stage.mock.simulator.payment(request.paymentId)
        say("card: \(record?.card?.brand ?? "-") ending \(record?.card?.lastFour ?? "-")")
    }
}
