// Adding and deleting cards with the headless card-number field (manual section 7).
import BKMExpressLiteMock
import BKMExpressLiteSDK
import Foundation

public enum CardsExample {
    public static func run(_ run: ExampleRun) async throws {
        step("A linked wallet: \(BKMExpressTestData.linkedGSM)")
        let api = try await run.session(gsm: BKMExpressTestData.linkedGSM)
        guard case let .linked(cards) = try await api.checkStatus() else {
            throw ExampleError("expected a linked wallet")
        }
        for card in cards {
            say("\(card.alias ?? "(no alias)") \(card.maskedCardNumber) \(card.bankInformation.cardBrand)")
        }

        step("Show the agreements; the user ticks the single checkbox")
        // snippet: agreements
        for agreement in api.pendingAgreements() {
            say(
                "\(agreement.kind == .agreement ? "☐" : "ℹ︎") \(agreement.label)\(agreement.mandatory ? " (mandatory)" : "")"
            )
        }
        api.setAgreementConsent(true)
        // snippet: end

        step("The user types a card number; the app only ever holds it encrypted")
        // snippet: store-card
        let field = BKMExpress.CardNumberInput(api: api)
        field.replaceText("4111 1111 1111 1111")
        say("the field shows \(field.displayText.count) characters in groups; the app sees \(try field.cardNumber())")
        let expiry = try BKMExpress.CardExpiryDate(month: 12, year: 2030)
        let added = try await api.storeCard(
            context: .init(number: try field.cardNumber(), expiryDate: expiry, alias: "Alışveriş"))
        guard case let .added(afterAdding) = added else { throw ExampleError("expected .added, got \(added)") }
        // snippet: end
        say("storeCard → .added: the wallet has \(afterAdding.count) cards")

        step("A card whose bank asks for an OTP")
        // snippet: store-card-otp
        field.replaceText(BKMExpressTestData.needsOTPCard)
        guard
            case let .verificationRequired(otp) = try await api.storeCard(
                context: .init(number: try field.cardNumber(), expiryDate: expiry))
        else { throw ExampleError("expected a StoreCardOTP") }
        let afterOTP = try await otp.verify(code: BKMExpressTestData.otpCode)
        // snippet: end
        say("StoreCardOTP.verify → \(afterOTP.count) cards")

        step("Delete the card just added")
        guard let newest = afterOTP.last else { throw ExampleError("no cards") }
        // snippet: delete-card
        let deleted = try await api.deleteCard(id: newest.id)
        guard case let .cardDeleted(remaining) = deleted else {
            throw ExampleError("expected .cardDeleted, got \(deleted)")
        }
        // snippet: end
        say("deleteCard → .cardDeleted: \(remaining.count) cards remain")
    }
}
