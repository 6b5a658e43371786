// The errors chapter of the manual (sections 8.5 and 9): what the user is told for each failure,
// and what the app does next. Failures are caught with `catch {`: every call throws
// BKMExpress.Failure by type (swiftlang/swift#89577; the SDK's HandlingErrors article says why).
import BKMExpressLiteMock
import BKMExpressLiteSDK
import ExampleNarration
import Foundation

public enum ErrorsExample {
    public static func run(_ run: ExampleRun) async throws {
        step("9.1 INVALID_CURRENCY: initialise with a currency BKM does not support")
        // snippet: invalid-currency
        let xyz = try run.context(gsm: BKMExpressTestData.linkedGSM, currency: "XYZ")
        do {
            _ = try await BKMExpress.initialize(context: xyz)
            say("initialised: this server accepts XYZ")
        } catch {
            tell(error)
            if case let .server(code) = error.kind, code == BKMExpress.ErrorCode.invalidCurrency {
                say("the app falls back to TRY")
            }
        }
        // snippet: end

        step("A session that has expired: the app initialises again")
        try await run.expireSessionOnce(at: "checkStatus")
        try await run.withSession(gsm: BKMExpressTestData.linkedGSM) { api throws(BKMExpress.Failure) in
            try await walletErrors(api)
        }

        step("9.2 Card-number field errors are for the app to word (they are not localised)")
        let api = try await run.session(gsm: BKMExpressTestData.linkedGSM)
        // snippet: card-field-errors
        let field = BKMExpress.CardNumberInput(api: api)
        for (typed, what) in [("", "nothing"), ("4111", "four digits"), ("4111111111111112", "a mistyped number")] {
            field.replaceText(typed)
            say("the user typed \(what):")
            _ = CardsExample.encrypted(field)
        }
        // snippet: end
    }

    /// The failures of a session's calls, each followed by what the app does next.
    static func walletErrors(_ api: BKMExpress.API) async throws(BKMExpress.Failure) {
        say("checkStatus() \(WalletExample.describe(try await api.checkStatus()))")

        step("9.1 MISSED_MANDATORY_AGREEMENT: add a card before the user ticks the checkbox")
        let field = BKMExpress.CardNumberInput(api: api)
        field.replaceText(BKMExpressTestData.addedAtOnceCard)
        guard let number = CardsExample.encrypted(field) else { return }
        let context = BKMExpress.StoreCardContext(number: number, expiryDate: try! .init(month: 1, year: 2031))
        // snippet: missing-agreement
        do {
            try await CardsExample.store(api, context)
        } catch {
            tell(error)
            say("the checkbox shows its error look: \(api.agreementCheckbox.showsError)")
        }
        api.agreementCheckbox.isSelected = true
        say("the user ticks it (error look \(api.agreementCheckbox.showsError)) and saves again:")
        try await CardsExample.store(api, context)
        // snippet: end

        step("A card the bank rejects, and one that is not in the wallet")
        field.replaceText(BKMExpressTestData.rejectedCard)
        if let rejected = CardsExample.encrypted(field) {
            do {
                try await CardsExample.store(api, .init(number: rejected, expiryDate: context.expiryDate))
            } catch {
                tell(error)
            }
        }
        do {
            try await CardsExample.delete(api, .init(rawValue: "no-such-card")!)
        } catch {
            tell(error)
            say("the app reloads the card list")
        }

        step("Wrong payment OTPs: the third one spends the code, and the payment fails for good")
        guard let card = WalletExample.cardList(try await api.checkStatus()).first else { return }
        let response = try await api.startPayment(
            context: .init(
                cardID: card.id, security: .otp, amount: 10, orderID: "ORDER_OTP", installmentCount: .init(1)!))
        // snippet: wrong-otp
        switch response {
        case let .otp(otp):
            for attempt in 1...3 {
                do {
                    _ = try await otp.verify(code: "00000\(attempt)")
                } catch {
                    tell(error)
                }
            }
            do {
                _ = try await otp.resend()
            } catch {
                tell(error)
                say("the app leaves the payment screen: this order needs a new payment")
            }
        case .control, .tds:
            say("the bank chose another flow: \(response)")
        }
        // snippet: end

        step("An amount with more than two decimal places never leaves the device")
        // snippet: failure-of
        do {
            _ = try await api.startPayment(
                context: .init(
                    cardID: card.id, security: .none, amount: Decimal(string: "10.005")!, orderID: "ORDER_AMOUNT",
                    installmentCount: .init(1)!))
        } catch {
            tell(error)
        }
        // snippet: end
    }
}
