// Hand-written: the card flow in the seed's order — key, JWE, card session, 3-D Secure, one result.
import Foundation
import SpecsmithCrypto
import SpecsmithRuntime

/// One card payment. It holds what it needs, not the `PaymentKit` that started it.
struct CardFlow: Sendable {
    let client: PaymentKitAPI.Client
    let keys: CardKeyCache
    let checkout: URL
    let paymentID: PaymentKitAPI.PaymentID
    let verificationKey: String
    let card: CardDetails
    let presenter: any ChallengePresenter
    let latch: PaymentCompletion
    /// The HTTP status of the card session's last answer: a `5xx` means the gateway may have
    /// processed the card even though it answered with an error.
    let sessionAnswer = AnswerStatus(operation: "createCardSession")

    init(
        kit: PaymentKit, request: CardPaymentRequest, card: CardDetails, presenter: any ChallengePresenter,
        latch: PaymentCompletion
    ) throws(PaymentError) {
        let configuration = kit.configuration
        let checkoutAPI = try configuration.require(configuration.checkoutAPIBaseURL, "checkoutAPIBaseURL")
        checkout = try configuration.require(configuration.checkoutBaseURL, "checkoutBaseURL")
        guard let id = PaymentKitAPI.PaymentID(rawValue: request.paymentId) else {
            throw .invalidRequest("\"\(request.paymentId)\" is not a payment id")
        }
        guard !request.verificationKey.isEmpty else { throw .invalidRequest("the verification key is empty") }
        paymentID = id
        verificationKey = request.verificationKey
        client = kit.client(
            api: configuration.apiBaseURL ?? checkoutAPI, checkoutAPI: checkoutAPI, checkout: checkout,
            observing: sessionAnswer)
        keys = kit.keys
        self.card = card
        self.presenter = presenter
        self.latch = latch
    }

    func run() async -> PaymentResult {
        let session: PaymentKitAPI.CardSession
        do throws(PaymentError) {
            session = try await createSession(refetchingOnce: true)
        } catch {
            return result(outcome(afterSessionFailure: error), error: error)
        }
        latch.noteSession(session.sessionID.rawValue)
        let returnURL = checkout.appendingPathComponent("v1/challenge-return")
        do {
            switch try await client.authenticate(id: session.sessionID, .init(returnURL: returnURL)) {
            case let .frictionless(final):
                return result(from: final)
            case let .challenge(challenge):
                let page = PagePresentation(url: challenge.challengeURL, returnURL: challenge.returnURL)
                switch await PagePresenting.present(page, with: presenter, latch: latch) {
                case .returned:
                    return result(from: try await client.challengeResult(id: session.sessionID))
                case .closed:
                    return try await cancel(session)
                }
            }
        } catch {
            return result(.unresolved, error: .service(error), session: session.sessionID)
        }
    }

    // MARK: - Steps

    /// Encrypts the card with the checkout host's key and creates the session; when the gateway
    /// cannot decrypt, drops the cached key and tries once more with a fresh one.
    private func createSession(refetchingOnce: Bool) async throws(PaymentError) -> PaymentKitAPI.CardSession {
        let entry = try await key()
        let encrypted = try PaymentKitAPI.CardPayload.encrypt(card, to: entry.key, at: Date())
        // The deadline or a cancellation may have ended the payment as "nothing sent": keep it true.
        // The error is never delivered: the payment already has its result.
        guard latch.markCardSent() else { throw .timedOut }
        do {
            return try await client.createCardSession(
                .init(paymentID: paymentID, verificationKey: verificationKey, encryptedCard: encrypted)
            ).session
        } catch {
            switch error.kind {
            case .server(code: PaymentKitAPI.ErrorCode.brandNotAccepted.rawValue): throw .brandNotAccepted
            case .server(code: PaymentKitAPI.ErrorCode.paymentAlreadyProcessed.rawValue): throw .alreadyProcessed
            case .encryption where refetchingOnce:
                keys.invalidate(host: checkout, keyID: entry.keyID)
                return try await createSession(refetchingOnce: false)
            default: throw .service(error)
            }
        }
    }

    private func key() async throws(PaymentError) -> CardKeyCache.Entry {
        if let cached = keys.key(for: checkout) { return cached }
        let jwk: PaymentKitAPI.CardEncryptionKey
        do {
            jwk = try await client.cardEncryptionKey()
        } catch {
            throw .service(error)
        }
        guard jwk.keyType == "RSA", jwk.algorithm == "RSA-OAEP-256", !jwk.keyID.isEmpty else {
            throw .encryption("the checkout key is not an RSA-OAEP-256 key with a kid")
        }
        let object = ["kty": jwk.keyType, "kid": jwk.keyID, "n": jwk.modulus, "e": jwk.exponent]
        do {
            let key = try RSAPublicKey(jwk: try JSONSerialization.data(withJSONObject: object))
            guard key.bits >= 2048 else { throw CryptoFailure.invalidKey("\(key.bits) bits is too small") }
            let entry = CardKeyCache.Entry(keyID: jwk.keyID, key: key)
            keys.store(entry, for: checkout)
            return entry
        } catch {
            throw .encryption("the checkout key is not usable: \(error)")
        }
    }

    /// The payer closed the challenge: abandon the session, unless the issuer already approved.
    private func cancel(_ session: PaymentKitAPI.CardSession) async throws(PaymentKitAPI.Failure) -> PaymentResult {
        do {
            return result(from: try await client.cancelCardSession(id: session.sessionID))
        } catch  where error.kind == .server(code: PaymentKitAPI.ErrorCode.cancelNotPossible.rawValue) {
            return result(.unresolved, error: .service(error), session: session.sessionID)
        }
    }

    // MARK: - Results

    /// A card session that was not created is a failure only when the SDK knows the gateway did not
    /// take the card: an error before sending, or a definite `4xx` refusal. A lost or unreadable
    /// answer, or a `5xx`, after sending may hide a charge.
    private func outcome(afterSessionFailure error: PaymentError) -> PaymentOutcome {
        switch error {
        case .alreadyProcessed: return .unresolved
        case .service(let failure) where latch.isCardSent:
            if failure.isLostAnswer { return .unresolved }
            return (sessionAnswer.status ?? 0) >= 500 ? .unresolved : .failed
        default: return .failed
        }
    }

    private func result(from session: PaymentKitAPI.CardSession) -> PaymentResult {
        let id = session.sessionID
        switch session.state {
        case .completed: return result(.succeeded, session: id)
        case .failed: return result(.failed, error: .declined(session.declineReason ?? ""), session: id)
        case .abandoned: return result(.cancelled, session: id)
        default: return result(.unresolved, error: .pending(session.state), session: id)
        }
    }

    private func result(
        _ outcome: PaymentOutcome, error: PaymentError? = nil, session: PaymentKitAPI.CardSessionID? = nil
    )
        -> PaymentResult
    {
        PaymentResult(outcome: outcome, paymentId: paymentID.rawValue, error: error, sessionId: session?.rawValue)
    }
}

extension PaymentKitAPI.Failure {
    /// Whether the request may have been processed though no usable answer came back. A refused
    /// connection never carried the request.
    var isLostAnswer: Bool {
        switch kind {
        case .transport(.connectionRefused): false
        case .transport, .invalidResponse: true
        default: false
        }
    }
}
