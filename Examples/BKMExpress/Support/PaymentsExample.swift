// Paying (manual sections 7.5 and 8.2.6–8.2.8): whatever security the app asks for, the answer
// decides the flow, so one function handles every case — no verification, a payment OTP, or 3-D
// Secure — and ends with controlPayment. Paying with a new card answers the same way.
import BKMExpressLiteMock
import BKMExpressLiteSDK
import ExampleNarration
import Foundation
import SpecsmithRuntime

public enum PaymentsExample {
    public static func run(_ run: ExampleRun) async throws {
        step("A linked wallet, \(BKMExpressTestData.linkedGSM); the session expires before the first payment")
        try await run.expireSessionOnce(at: "checkStatus")
        try await run.withSession(gsm: BKMExpressTestData.linkedGSM) { api throws(BKMExpress.Failure) in
            guard let card = WalletExample.cardList(try await api.checkStatus()).first else {
                say("no card to pay with: the app shows the add-card screen")
                return
            }
            // snippet: pay-none
            for (security, amount, order) in [
                (BKMExpress.PaymentSecurity.none, Decimal(string: "100.00")!, "ORDER_123"),
                (.otp, Decimal(string: "250.00")!, "ORDER_124"),
                (.none, Decimal(string: "1500.00")!, "ORDER_125"),
                (.none, Decimal(string: "75.25")!, "DECLINE_126"),
            ] {
                step(
                    "Pay \(amount.text(scale: 2)) TRY with \(card.alias ?? card.maskedCardNumber), asking for security .\(security)"
                )
                let response = try await api.startPayment(
                    context: .init(
                        cardID: card.id, security: security, amount: amount, orderID: order,
                        installmentCount: .init(1)!))
                try await finish(response, api: api)
            }
            // snippet: end

            step("Pay with a new card, which is stored in the wallet too")
            // snippet: pay-new-card
            api.agreementCheckbox.isSelected = true
            let field = BKMExpress.CardNumberInput(api: api)
            field.replaceText(BKMExpressTestData.needsOTPCard)
            guard let number = CardsExample.encrypted(field) else { return }
            let response = try await api.startPaymentWithRegisteredCard(
                context: .init(
                    card: .init(number: number, expiryDate: try! .init(month: 6, year: 2031)), security: .otp,
                    amount: Decimal(string: "42.50")!, currencyCode: .TRY, orderID: "ORDER_127",
                    installmentCount: .init(3)!))
            try await finish(response, api: api)
            // snippet: end
        }
    }

    /// Every way a started payment continues, each ending with controlPayment.
    static func finish(_ response: BKMExpress.StartPaymentResponse, api: BKMExpress.API) async throws(BKMExpress
        .Failure)
    {
        let token: BKMExpress.PaymentToken
        switch response {
        case let .control(control):
            say("→ .control: no verification; ask controlPayment for the result")
            token = control
        // snippet: pay-otp
        case let .otp(otp):
            say("→ .otp(PaymentOTP): a code sent to \(otp.info.receiver); the user types it")
            token = try await otp.verify(code: BKMExpressTestData.otpCode)
        // snippet: end
        // snippet: pay-tds
        case let .tds(tds):
            say(
                "→ .tds: the web view loads htmlForm (a form named bkmForm) with base URL tdsURL; the bank decided"
            )
            let pending = try await api.controlPayment(token: tds.paymentToken)
            say("while the issuer page is open, controlPayment → .\(pending.status)")
            do {
                let landing = try await BKMExpressMockServer.completeThreeDSecure(at: tds.tdsURL, approve: true)
                say(
                    "the user approves; the web view is about to open \(landing?.path ?? "nothing"): 3-D Secure has ended"
                )
            } catch {
                say("the issuer page could not be reached: \(error)")
            }
            token = tds.paymentToken
        // snippet: end
        }
        // snippet: tds-end
        let result = try await api.controlPayment(token: token, maxAttempts: 3, interval: 0.2)
        switch (result.status, result.success) {
        case (.completed, true):
            say(
                "controlPayment → approved: \(result.successAmount?.rawValue.text(scale: 2) ?? "-") charged, auth code \(result.authCode ?? "-"), \(result.secureType ?? "-")"
            )
        case (.completed, false):
            say("controlPayment → declined (\(result.code)): the user is told \"\(result.message)\"")
        case (.pending, _):
            say("controlPayment → still pending: the app says it will confirm later; the backend checks again")
        case let (.unknown(raw), _):
            say("controlPayment → a status this app does not know (\(raw)): treat as not paid, confirm later")
        }
        // snippet: end
    }
}
