// Hand-written: the stateful gateway behind the generated handler protocol. It plays the merchant
// API, the checkout API and the checkout host for the test-card table (PaymentKitTestData.swift).
import Foundation
import PaymentKit
import SpecsmithCrypto
import SpecsmithMock
import SpecsmithRuntime

/// The gateway as a test double, with the behaviour documented in this module's README.
public final class PaymentKitSimulator: PaymentKitAPIHandler {
    typealias ErrorCode = PaymentKitAPI.ErrorCode

    /// Where the mock is reachable, for the pages it points to.
    let baseURL: URL
    let state = Locked(SimulatorState())
    private let key: Locked<RSAPrivateKey>
    private let initialKey: RSAPrivateKey
    private let slowDelay = Locked<TimeInterval>(10)

    /// - Parameters:
    ///   - baseURL: Where the mock answers, for the challenge and hosted pages.
    ///   - cardKey: The key card JWEs are decrypted with; its `keyID` is the JWK's `kid`.
    public init(baseURL: URL, cardKey: RSAPrivateKey) {
        self.baseURL = baseURL
        key = Locked(cardKey)
        initialKey = cardKey
    }

    // MARK: - Test controls

    /// How long creating a session for ``PaymentKitTestCards/slow`` takes.
    public var slowCardDelay: TimeInterval {
        get { slowDelay.withLock { $0 } }
        set { slowDelay.withLock { $0 = newValue } }
    }

    /// Replaces the card key by a new one with another `kid`: JWEs for the old key then fail with
    /// `DECRYPTION_FAILED`, as after a rotation at the gateway.
    public func rotateCardKey() throws {
        let number = state.withLock { $0.nextID("key") }
        let fresh = try RSAPrivateKey.generate(keyID: "pk-mock-\(number)")
        key.withLock { $0 = fresh }
    }

    /// The current card key as PKCS#8 PEM, for cross-implementation tests that decrypt what the SDK
    /// sent. A mock's throwaway key; handle it like any key all the same.
    public func cardKeyPEM() throws -> String {
        try key.withLock { $0 }.pem()
    }

    /// The current card key's identifier.
    public var cardKeyID: String { key.withLock { $0.keyID ?? "" } }

    /// The payment `id` as the gateway keeps it: state, and a card as brand and last four only.
    public func payment(_ id: String) -> PaymentKitAPI.Payment? {
        state.withLock { state in state.payments[id].map { Self.wire($0) } }
    }

    /// Back to no payments, no sessions and the first key.
    public func reset() {
        state.withLock { $0 = SimulatorState() }
        key.withLock { $0 = initialKey }
    }

    // MARK: - Merchant API

    /// The handler for `createPayment`, as the README's table says.
    public func createPayment(_ request: PaymentKitAPI.CreatePaymentRequest, context: MockRequest)
        async throws(MockFailure) -> PaymentKitAPI.NewPayment
    {
        try requireMerchant(context)
        let payment = state.withLock { state -> SimulatorState.Payment in
            let id = state.nextID("pay")
            let payment = SimulatorState.Payment(
                id: id, verificationKey: "vk_" + Self.randomToken(), orderReference: request.orderReference,
                orderNumber: String(100_000 + state.counter), amount: request.amount, currency: request.currency)
            state.payments[id] = payment
            return payment
        }
        return PaymentKitAPI.NewPayment(
            paymentID: PaymentKitAPI.PaymentID(rawValue: payment.id)!, verificationKey: payment.verificationKey,
            orderNumber: payment.orderNumber, paymentState: .initial)
    }

    /// The handler for `payment`, as the README's table says.
    public func payment(id: PaymentKitAPI.PaymentID, context: MockRequest) async throws(MockFailure)
        -> PaymentKitAPI.Payment
    {
        try requireMerchant(context)
        guard let payment = payment(id.rawValue) else { throw ErrorCode.paymentNotFound.mockFailure }
        return payment
    }

    /// The handler for `paymentStatus`, as the README's table says.
    public func paymentStatus(id: PaymentKitAPI.PaymentID, context: MockRequest) async throws(MockFailure)
        -> PaymentKitAPI.PaymentStatus
    {
        guard let payment = payment(id.rawValue) else { throw ErrorCode.paymentNotFound.mockFailure }
        return PaymentKitAPI.PaymentStatus(
            paymentID: payment.paymentID, paymentState: payment.paymentState, orderNumber: payment.orderNumber)
    }

    /// The handler for `cardEncryptionKey`, as the README's table says.
    public func cardEncryptionKey(context: MockRequest) async throws(MockFailure) -> PaymentKitAPI.CardEncryptionKey {
        let key = key.withLock { $0 }
        guard let jwk = try? key.publicKey.jwk(),
            let object = try? JSONSerialization.jsonObject(with: jwk) as? [String: String],
            let modulus = object["n"], let exponent = object["e"]
        else { throw MockFailure(status: 500, code: 500, message: "the card key cannot be written as a JWK") }
        return PaymentKitAPI.CardEncryptionKey(
            keyType: "RSA", keyID: key.keyID ?? "", modulus: modulus, exponent: exponent)
    }

    // MARK: - Shared checks

    func requireMerchant(_ context: MockRequest) throws(MockFailure) {
        guard context.header("X-Merchant-Key") == PaymentKitTestData.merchantKey else {
            throw ErrorCode.invalidMerchantKey.mockFailure
        }
    }

    /// The payment a payer may pay with `verificationKey`.
    func payablePayment(_ id: String, verificationKey: String) throws(MockFailure) -> SimulatorState.Payment {
        guard let payment = state.withLock({ $0.payments[id] }) else { throw ErrorCode.paymentNotFound.mockFailure }
        guard payment.verificationKey == verificationKey else { throw ErrorCode.invalidVerificationKey.mockFailure }
        switch payment.state {
        case .settled, .waitingFor3DSResponse, .confirmed3DS: throw ErrorCode.paymentAlreadyProcessed.mockFailure
        default: return payment
        }
    }

    /// The decrypted card checked as the gateway would: Luhn, the brand's lengths, the expiry, the
    /// code, and whether the shop accepts the brand. Only brand and last four leave this function.
    func check(_ card: CardInput) throws(MockFailure) -> (PaymentKitAPI.CardSummary, SimulatorState.Scenario) {
        for field in [CardInput.Field.cardNumber, .securityCode, .cardholderName] {
            if card.validationError(for: field) != nil { throw ErrorCode.invalidCard.mockFailure }
        }
        if card.validationError(for: .expiry) != nil { throw ErrorCode.cardExpired.mockFailure }
        let digits = CardNumberFormatter.digits(of: card.cardNumber)
        let brand = card.brand?.rawValue ?? "unknown"
        if brand == PaymentKitTestData.rejectedBrand { throw ErrorCode.brandNotAccepted.mockFailure }
        let scenario: SimulatorState.Scenario =
            switch digits {
            case PaymentKitTestCards.challenge: .challenge
            case PaymentKitTestCards.declined: .declined
            case PaymentKitTestCards.pendingAfterChallenge: .pendingAfterChallenge
            case PaymentKitTestCards.slow: .slow
            default: .frictionless
            }
        return (PaymentKitAPI.CardSummary(brand: brand, lastFour: String(digits.suffix(4))), scenario)
    }

    /// A new card session for a checked card, unless the payment is paid or another session is
    /// paying it: one payment, one charge. Checked and opened under one lock, so of two sessions
    /// racing for a payment exactly one opens.
    func openSession(
        payment: SimulatorState.Payment, card: PaymentKitAPI.CardSummary, scenario: SimulatorState.Scenario,
        hosted: Bool
    ) throws(MockFailure) -> SimulatorState.Session {
        try state.withLock { state throws(MockFailure) in
            guard let current = state.payments[payment.id] else { throw ErrorCode.paymentNotFound.mockFailure }
            let paying = state.sessions.values.contains { other in
                other.paymentID == payment.id && Self.activeStates.contains(other.state)
            }
            guard !paying, !Self.paidStates.contains(current.state) else {
                throw ErrorCode.paymentAlreadyProcessed.mockFailure
            }
            let session = SimulatorState.Session(
                id: state.nextID("cs"), paymentID: payment.id, accessToken: "at_" + Self.randomToken(), card: card,
                scenario: scenario, isHosted: hosted)
            state.sessions[session.id] = session
            state.payments[payment.id]?.card = card
            return session
        }
    }

    /// Session states that may still end in a charge.
    static let activeStates: Set<PaymentKitAPI.CardSessionState> = [.created, .waitingFor3DSResponse, .confirmed3DS]
    /// Payment states that are paid or on their way to it.
    static let paidStates: Set<PaymentKitAPI.PaymentState> = [.settled, .waitingFor3DSResponse, .confirmed3DS]

    func decryptionKey(for keyID: String?) -> RSAPrivateKey? {
        key.withLock { key in key.keyID == keyID ? key : nil }
    }

    func delayForSlowCard() async {
        try? await Task.sleep(nanoseconds: UInt64(max(slowCardDelay, 0) * 1_000_000_000))
    }

    static func wire(_ payment: SimulatorState.Payment) -> PaymentKitAPI.Payment {
        PaymentKitAPI.Payment(
            paymentID: PaymentKitAPI.PaymentID(rawValue: payment.id)!, paymentState: payment.state,
            orderReference: payment.orderReference, orderNumber: payment.orderNumber, amount: payment.amount,
            currency: payment.currency, card: payment.card)
    }

    static func randomToken() -> String {
        (0..<4).map { _ in String(UInt32.random(in: .min ... .max), radix: 36) }.joined()
    }
}
