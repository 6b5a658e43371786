// Paying with .none, .otp and .tds, and reading the result (manual sections 7.5 and 8.2.6).
import BKMExpressLiteMock
import BKMExpressLiteSDK
import Foundation
import SpecsmithRuntime

public enum PaymentsExample {
    public static func run(_ run: ExampleRun) async throws {
        let api = try await run.session(gsm: BKMExpressTestData.linkedGSM)
        guard case let .linked(cards) = try await api.checkStatus(), let card = cards.first else {
            throw ExampleError("expected a linked wallet with cards")
        }

        step("Pay 100.00 TRY with \(card.alias ?? card.maskedCardNumber), no verification")
        // snippet: pay-none
        let plain = try await api.startPayment(
            context: .init(
                cardID: card.id, security: .none, amount: 100.00, orderID: "ORDER_123", installmentCount: .init(1)!))
        guard case let .control(token) = plain else { throw ExampleError("expected .control, got \(plain)") }
        let result = try await api.controlPayment(token: token)
        // snippet: end
        say(
            "controlPayment → success \(result.success), \(result.successAmount?.rawValue.text(scale: 2) ?? "-") charged, auth code \(result.authCode ?? "-")"
        )
        try expect(result.success, "the payment should succeed")

        step("Pay 250.00 TRY with an OTP")
        // snippet: pay-otp
        let withOTP = try await api.startPayment(
            context: .init(
                cardID: card.id, security: .otp, amount: 250, orderID: "ORDER_124", installmentCount: .init(3)!))
        guard case let .otp(otp) = withOTP else { throw ExampleError("expected .otp, got \(withOTP)") }
        let otpToken = try await otp.verify(code: BKMExpressTestData.otpCode)
        let otpResult = try await api.controlPayment(token: otpToken)
        // snippet: end
        say(
            "PaymentOTP.verify → token; controlPayment → success \(otpResult.success), \(otpResult.installment ?? 1) installments"
        )

        step("Pay 1,500.00 TRY asking for no verification: the bank decides on 3-D Secure")
        // snippet: pay-tds
        let large = try await api.startPayment(
            context: .init(
                cardID: card.id, security: .none, amount: 1500, orderID: "ORDER_125", installmentCount: .init(1)!))
        guard case let .tds(tds) = large else { throw ExampleError("expected .tds, got \(large)") }
        // snippet: end
        say(
            "→ .tds: show htmlForm (\(tds.htmlForm.contains("name=\"bkmForm\"") ? "a form named bkmForm" : "?")) with base URL \(tds.tdsURL.absoluteString)"
        )
        // snippet: tds-end
        let pending = try await api.controlPayment(token: tds.paymentToken)
        say(
            "before the user finishes, controlPayment → \(pending.status == .pending ? "pending" : "\(pending.status)")"
        )
        let landing = try await BKMExpressMockServer.completeThreeDSecure(at: tds.tdsURL, approve: true)
        say("the user approves at the issuer; the page redirects to \(landing?.absoluteString ?? "nowhere")")
        let final = try await api.controlPayment(token: tds.paymentToken, maxAttempts: 3, interval: 0.2)
        // snippet: end
        say("controlPayment → success \(final.success), secure type \(final.secureType ?? "-")")
        try expect(final.success, "the 3-D Secure payment should succeed")
    }
}
