// Handling BKM's errors: 1049, 36 and a wrong OTP (manual sections 8.5 and 9).
import BKMExpressLiteMock
import BKMExpressLiteSDK
import Foundation

public enum ErrorsExample {
    // snippet: failure-of
    /// The failure `body` ends with, or `nil` if it succeeds.
    static func failure(of body: () async throws(BKMExpress.Failure) -> Void) async -> BKMExpress.Failure? {
        do {
            try await body()
            return nil
        } catch {
            return error
        }
    }
    // snippet: end

    public static func run(_ run: ExampleRun) async throws {
        step("Initialise with a currency BKM does not support")
        // snippet: invalid-currency
        let currency = await failure { () async throws(BKMExpress.Failure) in
            _ = try await BKMExpress.initialize(
                context: .init(
                    authToken: run.authToken, merchantID: BKMExpressTestData.merchantID, merchantUserID: "user-1",
                    gsmNo: try! .init(BKMExpressTestData.linkedGSM), currencyCode: "XYZ", mode: run.mode))
        }
        // snippet: end
        if let currency, case let .server(code) = currency.kind, code == BKMExpress.ErrorCode.invalidCurrency {
            say("→ .server(code: 1049): \(currency.message)")
        } else {
            throw ExampleError("XYZ should be refused with 1049, got \(String(describing: currency))")
        }

        step("Add a card before the user accepts the mandatory agreement")
        let api = try await run.session(gsm: BKMExpressTestData.linkedGSM)
        let field = BKMExpress.CardNumberInput(api: api)
        field.replaceText(BKMExpressTestData.addedAtOnceCard)
        let context = BKMExpress.StoreCardContext(
            number: try field.cardNumber(), expiryDate: try .init(month: 1, year: 2031), alias: nil)
        // snippet: missing-agreement
        let consent = await failure { () async throws(BKMExpress.Failure) in
            _ = try await api.storeCard(context: context)
        }
        try expect(consent?.kind == .server(code: 36), "expected 36, got \(String(describing: consent))")
        // snippet: end
        say("→ MISSED_MANDATORY_AGREEMENT (36): \(consent?.message ?? "")")
        api.setAgreementConsent(true)
        _ = try await api.storeCard(context: context)
        say("with the checkbox ticked, the same call succeeds")

        step("Type a wrong payment OTP")
        guard case let .linked(cards) = try await api.checkStatus(), let card = cards.first else {
            throw ExampleError("no card")
        }
        let payment = try await api.startPayment(
            context: .init(
                cardID: card.id, security: .otp, amount: 10, orderID: "ORDER_OTP", installmentCount: .init(1)!))
        guard case let .otp(otp) = payment else { throw ExampleError("expected a payment OTP") }
        // snippet: wrong-otp
        let wrong = await failure { () async throws(BKMExpress.Failure) in _ = try await otp.verify(code: "000000") }
        // snippet: end
        try expect(wrong?.kind == .server(code: BKMExpress.ErrorCode.invalidOTP.rawValue), "expected INVALID_OTP")
        say("→ INVALID_OTP: \(wrong?.message ?? "")")

        step("Card-number field errors are for the app to word")
        // snippet: card-field-errors
        for (text, label) in [("", "empty"), ("4111", "short"), ("4111111111111112", "mistyped")] {
            field.replaceText(text)
            let result = Result { () throws(BKMExpress.CardNumberFailure) in try field.cardNumber() }
            if case let .failure(reason) = result { say("\(label) → .\(reason)") }
        }
        // snippet: end
    }
}
