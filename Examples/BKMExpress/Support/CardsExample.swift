// Cards with the headless card-number field (manual section 7): adding with and without an OTP,
// deleting, registering a new phone with its first card, and deleting the last card, which deletes
// the account. The app never holds a clear card number: the user's keystrokes go into the field,
// and the field hands out only the encrypted CardNumber.
import BKMExpressLiteMock
import BKMExpressLiteSDK
import ExampleNarration
import Foundation

public enum CardsExample {
    public static func run(_ run: ExampleRun) async throws {
        let expiry = try BKMExpress.CardExpiryDate(month: 12, year: 2030)

        step("A linked wallet, \(BKMExpressTestData.linkedGSM), whose session has expired by the time the cards show")
        try await run.expireSessionOnce(at: "checkStatus")
        try await run.withSession(gsm: BKMExpressTestData.linkedGSM) { api throws(BKMExpress.Failure) in
            say("checkStatus() \(WalletExample.describe(try await api.checkStatus()))")

            step("The agreements, then the single checkbox")
            showAgreements(api)
            // snippet: agreement-checkbox
            api.agreementCheckbox.onChange { state in say("checkbox → selected \(state.isSelected)") }
            api.agreementCheckbox.isSelected = true
            // snippet: end

            step("The user types a card number; the field shows it masked and gives out only ciphertext")
            // snippet: store-card
            let field = BKMExpress.CardNumberInput(api: api)
            field.onValidCardNumber { number in say("onValidCardNumber → \(number): the save button is enabled") }
            field.replaceText(BKMExpressTestData.addedAtOnceCard)
            say("field: \(field.maskedText), \(field.brand), complete \(field.isComplete), valid \(field.isValid)")
            if let number = encrypted(field) {
                try await store(api, .init(number: number, expiryDate: expiry, alias: "Alışveriş"))
            }
            // snippet: end

            step("Another card, whose bank asks for an OTP")
            field.replaceText(BKMExpressTestData.needsOTPCard)
            if let number = encrypted(field) {
                try await store(api, .init(number: number, expiryDate: expiry))
            }

            step("Delete the card added last")
            guard let newest = WalletExample.cardList(try await api.checkStatus()).last else { return }
            try await delete(api, newest.id)
            say("pending agreements now: \(api.pendingAgreements().count) (approved ones leave the list)")
        }

        step("A new phone, \(BKMExpressTestData.unregisteredGSM): register it with a first card")
        try await run.withSession(gsm: BKMExpressTestData.unregisteredGSM) { api throws(BKMExpress.Failure) in
            api.agreementCheckbox.isSelected = true
            let field = BKMExpress.CardNumberInput(api: api)
            field.replaceText(BKMExpressTestData.addedAtOnceCard)
            guard let number = encrypted(field) else { return }
            // snippet: register
            switch try await api.register(context: .init(number: number, expiryDate: expiry)) {
            case let .verificationRequired(otp):
                say("register → .verificationRequired(RegisterOTP) sent to \(otp.info.receiver)")
                let cards = try await otp.verify(code: BKMExpressTestData.otpCode)
                say("RegisterOTP.verify → \(cards.map(\.maskedCardNumber).joined(separator: ", "))")
            }
            // snippet: end

            step("Delete that only card: the BKM Express account goes with it")
            guard let only = WalletExample.cardList(try await api.checkStatus()).first else { return }
            try await delete(api, only.id)
            say("checkStatus() afterwards \(WalletExample.describe(try await api.checkStatus()))")
        }
    }

    // snippet: card-field
    /// The encrypted number of `field`, which is then cleared; `nil` after telling the user why not.
    static func encrypted(_ field: BKMExpress.CardNumberInput) -> BKMExpress.CardNumber? {
        defer { field.clear() }
        do {
            return try field.cardNumber()
        } catch {
            switch error {
            case .empty: say("the field tells the user: \"Lütfen kart numarası giriniz.\"")
            case .short: say("the field tells the user: \"Kart numarası çok kısa.\"")
            case .invalidLuhn: say("the field tells the user: \"Geçersiz kart numarası.\"")
            }
            return nil
        }
    }
    // snippet: end

    // snippet: agreements
    static func showAgreements(_ api: BKMExpress.API) {
        for agreement in api.pendingAgreements() {
            switch agreement.kind {
            case .agreement:
                say("☐ \(agreement.label)\(agreement.mandatory ? " (mandatory)" : "") — checkbox")
            case .info:
                say("ℹ︎ \(agreement.label) — notice, no checkbox")
            case let .unknown(raw):
                say("? \(agreement.label) — a kind this app does not know (\(raw)): shown as a notice")
            }
        }
    }
    // snippet: end

    // snippet: store-card-otp
    /// The add-card screen's button (section 7.3).
    static func store(_ api: BKMExpress.API, _ context: BKMExpress.StoreCardContext) async throws(BKMExpress.Failure) {
        switch try await api.storeCard(context: context) {
        case let .added(cards):
            say("storeCard → .added: the wallet has \(cards.count) cards")
        case let .verificationRequired(otp):
            say("storeCard → .verificationRequired(StoreCardOTP) sent to \(otp.info.receiver)")
            let cards = try await otp.verify(code: BKMExpressTestData.otpCode)
            say("StoreCardOTP.verify → the wallet has \(cards.count) cards")
        }
    }
    // snippet: end

    // snippet: delete-card
    /// The delete button (section 7.4).
    static func delete(_ api: BKMExpress.API, _ id: BKMExpress.Card.ID) async throws(BKMExpress.Failure) {
        switch try await api.deleteCard(id: id) {
        case let .cardDeleted(remaining):
            say("deleteCard → .cardDeleted: \(remaining.count) cards remain")
        case .accountDeleted:
            say("deleteCard → .accountDeleted: the last card and the account are gone; show registration")
        }
    }
    // snippet: end
}
