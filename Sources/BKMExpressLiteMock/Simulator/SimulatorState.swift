// Hand-written: the state the BKM Express simulator keeps between calls.
import BKMExpressLiteSDK
import Foundation
import SpecsmithMock

/// Everything the simulator remembers: sessions, wallets, OTPs, payments.
struct SimulatorState: Sendable {
    struct Session: Sendable {
        var gsm: String
        var currency: String
        var expiresAt: Date
        var agreementsApproved = false
    }

    struct StoredCard: Sendable {
        var card: BKMExpress.Card
        var digits: String
    }

    struct Wallet: Sendable {
        var registered: Bool
        var linked: Bool
        var cards: [StoredCard]
    }

    enum OTPPurpose: Sendable {
        case link(gsm: String)
        case storeCard(gsm: String, card: StoredCard)
        case register(gsm: String, card: StoredCard)
        case payment(token: String)
    }

    struct PendingOTP: Sendable {
        var info: BKMExpress.OTPInfo
        var purpose: OTPPurpose
        var gsm: String
        /// The session that asked for it; another session gets the not-found answer.
        var session: String
        var wrongAttempts = 0
        var expiresAt: Date
        var spent = false
    }

    /// Why a payment ended unpaid, for the result page.
    enum Decline: Sendable {
        /// The customer pressed Reddet on the 3-D Secure page, or spent the payment's OTP on wrong codes.
        case customerDenied
        /// The customer approved; the bank declined (an order ID beginning with `DECLINE`).
        case bankDeclined
    }

    struct Payment: Sendable {
        var token: String
        var orderID: String
        var amount: Decimal
        /// The ISO 4217 code, for the pages that show the amount.
        var currency: String
        var card: BKMExpress.Card
        var security: BKMExpress.PaymentSecurity
        /// `nil`: 3-D Secure ends on the mock's own result page.
        var successURL: URL?
        var failURL: URL?
        /// The session that started it; another session gets PAYMENT_NOT_FOUND.
        var session: String
        var installment: Int
        var startedAt: Date
        /// `nil` while pending.
        var approved: Bool?
        var decline: Decline?
        var completedAt: Date?
    }

    // What clients create is bounded (README, "State bounds"): kept past its own expiry so an
    // expired session still answers SESSION_EXPIRED, then forgotten; the oldest go past the cap.
    var sessions = BoundedStore<String, Session>(lifetime: 2 * 3600, capacity: 10_000)
    var wallets: [String: Wallet] = [:]
    var otps = BoundedStore<String, PendingOTP>(lifetime: 2 * 3600, capacity: 10_000)
    var payments = BoundedStore<String, Payment>(lifetime: 24 * 3600, capacity: 10_000)
    /// Answers by transaction ID, so a repeated transaction never charges twice.
    var transactions = BoundedStore<UUID, BKMExpress.StartPaymentResponse>(lifetime: 24 * 3600, capacity: 10_000)
    /// Auth tokens the merchant endpoint issued, with their expiry.
    var issuedTokens = BoundedStore<String, Date>(lifetime: 2 * 3600, capacity: 10_000)
    var counter = 0

    mutating func nextID(_ prefix: String) -> String {
        counter += 1
        return "\(prefix)_\(counter)"
    }

    /// The wallets of the test data table.
    static func initial() -> SimulatorState {
        var state = SimulatorState()
        state.wallets[BKMExpressTestData.linkWithOTPGSM] = Wallet(
            registered: true, linked: false,
            cards: [card(BKMExpressTestData.walletCard, alias: nil, id: "card-wallet-2")])
        state.wallets[BKMExpressTestData.linkAtOnceGSM] = Wallet(
            registered: true, linked: false,
            cards: [card(BKMExpressTestData.walletCard, alias: nil, id: "card-wallet-3")])
        state.wallets[BKMExpressTestData.linkedGSM] = Wallet(
            registered: true, linked: true,
            cards: [
                card(
                    BKMExpressTestData.salaryCard, alias: BKMExpressTestData.salaryCardAlias,
                    id: "019d2dad-34bc-7b00-959d-0bef3009afa5"),
                card(BKMExpressTestData.secondCard, alias: nil, id: "019d2dad-34bc-7b00-959d-0bef3009afa6"),
            ])
        return state
    }

    /// A wallet card as BKM shows it: masked, with made-up but consistent bank information.
    static func card(
        _ digits: String, alias: String?, id: String, createdAt: Date = Date(timeIntervalSince1970: 1_768_469_400)
    )
        -> StoredCard
    {
        let isVisa = digits.hasPrefix("4")
        let card = BKMExpress.Card(
            id: BKMExpress.Card.ID(rawValue: id)!, alias: alias,
            maskedCardNumber: String(digits.prefix(6)) + String(repeating: "*", count: digits.count - 10)
                + String(digits.suffix(4)),
            imageURL: URL(string: "https://lite-test.bkmexpress.com.tr/cards/default_card.png"),
            bankInformation: BKMExpress.Card.BankInformation(
                bankShortName: "TESTBANK", cardType: "CreditCard", cardScheme: isVisa ? "VISA" : "MASTERCARD",
                cardBrand: isVisa ? "Troy" : "Bonus", bankCode: "0099"),
            bin: String(digits.prefix(8)), createTime: createdAt)
        return StoredCard(card: card, digits: digits)
    }
}
