// Hand-written: the stateful simulator behind the generated handler protocol. It plays BKM's
// backend for the test data table (TestData.swift): wallets, OTPs, cards, payments, 3-D Secure.
import BKMExpressLiteSDK
import Foundation
import SpecsmithCrypto
import SpecsmithMock
import SpecsmithRuntime

/// BKM Express as a test double, with the behaviour documented in this module's README.
public final class BKMExpressSimulator: BKMExpressHandler {
    typealias ErrorCode = BKMExpress.ErrorCode

    /// Decrypts the card numbers the SDK encrypts with the key `initialize` hands out.
    let cardKey: RSAPrivateKey
    let merchantKey: RSAPublicKey
    /// Where the mock is reachable, for the 3-D Secure pages it points to.
    let baseURL: URL
    let state = Locked(SimulatorState.initial())

    static let termsID = BKMExpress.Agreement.ID(rawValue: "agr-terms")!
    static let kvkkID = BKMExpress.Agreement.ID(rawValue: "agr-kvkk")!

    /// A simulator holding the test data.
    ///
    /// - Parameters:
    ///   - baseURL: Where the mock is reachable, for the 3-D Secure pages it points to.
    ///   - cardKey: The private key the SDK's card numbers are decrypted with.
    /// - Throws: `CryptoFailure` when the test merchant's key (`BKMExpressTestData.merchantPrivateKeyPEM`) cannot be read.
    public init(baseURL: URL, cardKey: RSAPrivateKey) throws(CryptoFailure) {
        self.baseURL = baseURL
        self.cardKey = cardKey
        merchantKey = try RSAPrivateKey(pem: BKMExpressTestData.merchantPrivateKeyPEM).publicKey
    }

    // MARK: - Test controls

    /// Ends every session now: the next call of each is a SESSION_EXPIRED (1002) failure.
    public func expireSessions() {
        state.withLock { state in
            for token in state.sessions.keys { state.sessions[token]?.expiresAt = .distantPast }
        }
    }

    /// The token of the latest payment for `orderID`, as the merchant's backend would look it up:
    /// for a payment whose OTP was never verified, the app has none.
    public func paymentToken(orderID: String) -> BKMExpress.PaymentToken? {
        state.withLock { state in
            state.payments.values.filter { $0.orderID == orderID }.max { $0.startedAt < $1.startedAt }
                .flatMap { BKMExpress.PaymentToken(rawValue: $0.token) }
        }
    }

    /// Back to the test data table.
    public func reset() {
        state.withLock { $0 = SimulatorState.initial() }
    }

    // MARK: - Shared checks

    func failure(_ code: ErrorCode) -> MockFailure { code.mockFailure }

    /// The caller's session, from its `Bex-Connection` header.
    func session(_ context: MockRequest) throws(MockFailure) -> SimulatorState.Session {
        guard let token = context.header("Bex-Connection"), let session = state.withLock({ $0.sessions[token] }) else {
            throw failure(.invalidSession)
        }
        guard session.expiresAt > Date() else { throw failure(.sessionExpired) }
        return session
    }

    func sessionToken(_ context: MockRequest) -> String { context.header("Bex-Connection") ?? "" }

    static func agreements() -> [BKMExpress.Agreement] {
        [
            BKMExpress.Agreement(
                id: termsID, code: "TERMS_OF_USE", kind: .agreement, title: "Kullanım Koşulları",
                content: URL(string: "https://lite-test.bkmexpress.com.tr/agreements/terms")!,
                label: "Kullanım Koşulları'nı okudum, kabul ediyorum.", labelHighlight: "Kullanım Koşulları",
                mandatory: true),
            BKMExpress.Agreement(
                id: kvkkID, code: "KVKK", kind: .info, title: "KVKK Aydınlatma Metni",
                content: URL(string: "https://lite-test.bkmexpress.com.tr/agreements/kvkk")!,
                label: "KVKK Aydınlatma Metni",
                mandatory: false),
        ]
    }

    /// MISSED_MANDATORY_AGREEMENT (36) unless the session or this call approved the terms.
    func requireConsent(_ approved: [BKMExpress.Agreement.ID], _ context: MockRequest) throws(MockFailure) {
        let token = sessionToken(context)
        let ok = state.withLock { state -> Bool in
            if approved.contains(Self.termsID) { state.sessions[token]?.agreementsApproved = true }
            return state.sessions[token]?.agreementsApproved == true
        }
        if !ok { throw failure(.missedMandatoryAgreement) }
    }

    /// The clear digits of an encrypted card, checked as BKM would: decryption, Luhn, expiry, rejection.
    func digits(of card: BKMExpress.CardInput) throws(MockFailure) -> String {
        guard let ciphertext = Data(base64Encoded: card.number.rawValue),
            let clear = try? cardKey.decrypt(ciphertext), let digits = String(data: clear, encoding: .utf8)
        else { throw failure(.decryptionFailed) }
        guard (15...19).contains(digits.count), Luhn.isValid(digits) else { throw failure(.invalidCardNumber) }
        let parts = card.expiryDate.rawValue.split(separator: "/")
        let now = Calendar(identifier: .gregorian).dateComponents(in: TimeZone(identifier: "UTC")!, from: Date())
        if let month = Int(parts[0]), let year = Int(parts[1]),
            year * 12 + month < (now.year ?? 0) * 12 + (now.month ?? 0)
        {
            throw failure(.cardExpired)
        }
        if digits == BKMExpressTestData.rejectedCard { throw failure(.cardRejected) }
        return digits
    }

    func newOTP(
        _ purpose: SimulatorState.OTPPurpose, gsm: String, session: String, in state: inout SimulatorState
    ) -> BKMExpress.OTPInfo {
        let id = state.nextID("otp")
        let info = BKMExpress.OTPInfo(
            id: id, sender: "BKM Express", referenceNumber: String(format: "%04d", state.counter % 10000),
            receiver: String(gsm.prefix(3)) + "*****" + String(gsm.suffix(2)), durationInSeconds: 180, length: 6,
            resendTimeInSeconds: 60)
        state.otps[id] = SimulatorState.PendingOTP(
            info: info, purpose: purpose, gsm: gsm, session: session, expiresAt: Date().addingTimeInterval(180))
        return info
    }

    /// Checks a code for an OTP of the expected kind, asked for by the caller's session, and returns
    /// its purpose once it is right. A payment OTP spent by wrong codes fails its payment for good.
    func verify(
        _ request: BKMExpress.OTPVerification, context: MockRequest, kind: (SimulatorState.OTPPurpose) -> Bool
    ) throws(MockFailure) -> SimulatorState.OTPPurpose {
        let caller = sessionToken(context)
        let outcome = state.withLock { state -> Result<SimulatorState.OTPPurpose, MockFailure> in
            guard var otp = state.otps[request.otpID], otp.session == caller, kind(otp.purpose), !otp.spent,
                otp.expiresAt > Date()
            else {
                return .failure(failure(.otpExpired))
            }
            if request.code == BKMExpressTestData.otpCode {
                otp.spent = true
                state.otps[request.otpID] = otp
                return .success(otp.purpose)
            }
            otp.wrongAttempts += 1
            otp.spent = otp.wrongAttempts >= 3
            state.otps[request.otpID] = otp
            if otp.spent, case let .payment(token) = otp.purpose, var payment = state.payments[token] {
                complete(&payment, approved: false)
                state.payments[token] = payment
            }
            return .failure(failure(otp.spent ? .otpAttemptsExceeded : .invalidOTP))
        }
        return try outcome.get()
    }

    /// A fresh OTP in place of `request.otpID`, for the same purpose and session. A payment whose OTP
    /// was spent by wrong codes has failed; it gets no fresh code.
    func resend(_ request: BKMExpress.OTPResend, context: MockRequest, kind: (SimulatorState.OTPPurpose) -> Bool)
        throws(MockFailure) -> BKMExpress.OTPInfo
    {
        let caller = sessionToken(context)
        let outcome = state.withLock { state -> BKMExpress.OTPInfo? in
            guard var old = state.otps[request.otpID], old.session == caller, kind(old.purpose),
                !old.spent || old.wrongAttempts >= 3
            else {
                return nil
            }
            if case .payment = old.purpose, old.wrongAttempts >= 3 { return nil }
            old.spent = true
            state.otps[request.otpID] = old
            return newOTP(old.purpose, gsm: old.gsm, session: caller, in: &state)
        }
        guard let info = outcome else { throw failure(.otpExpired) }
        return info
    }
}
