// Hand-written: card sessions. The JWE is decrypted in memory only; the session keeps brand and
// last four, and the journal shows the JWE field redacted.
import Foundation
import PaymentKit
import SpecsmithCrypto
import SpecsmithMock
@_spi(Generated) import SpecsmithRuntime

extension PaymentKitSimulator {
    /// How old a JWE may be, and how far in the future its clock may run.
    static let freshness: (past: TimeInterval, future: TimeInterval) = (300, 60)

    /// The handler for `createCardSession`, as the README's table says.
    public func createCardSession(_ request: PaymentKitAPI.CardSessionRequest, context: MockRequest)
        async throws(MockFailure) -> PaymentKitAPI.NewCardSession
    {
        let payment = try payablePayment(request.paymentID.rawValue, verificationKey: request.verificationKey)
        let compact = request.encryptedCard.rawValue
        guard let header = try? JWE.header(of: compact), let key = decryptionKey(for: header["kid"]),
            let clear = try? JWE.decrypt(compact, with: key)
        else { throw ErrorCode.decryptionFailed.mockFailure }
        guard let payload = try? WireCoding.decode(PaymentKitAPI.CardPayload.self, from: clear) else {
            throw ErrorCode.invalidCard.mockFailure
        }
        let age = Date().timeIntervalSince(payload.generatedAt)
        guard age <= Self.freshness.past, age >= -Self.freshness.future else {
            throw ErrorCode.staleCardData.mockFailure
        }
        let iv = String(compact.split(separator: ".")[2])
        guard state.withLock({ $0.seenJWEs.insert(iv).inserted }) else { throw ErrorCode.staleCardData.mockFailure }
        let card = CardInput()
        card.cardholderName = payload.cardholderName
        card.cardNumber = payload.cardNumber
        card.expiryMonth = payload.expiryMonth
        card.expiryYear = payload.expiryYear
        card.securityCode = payload.securityCode
        let (summary, scenario) = try check(card)
        if scenario == .slow { await delayForSlowCard() }
        let session = try openSession(payment: payment, card: summary, scenario: scenario, hosted: false)
        return PaymentKitAPI.NewCardSession(
            accessToken: session.accessToken, session: state.withLock { $0.wire(session) })
    }

    /// The handler for `cardSession`, as the README's table says.
    public func cardSession(id: PaymentKitAPI.CardSessionID, context: MockRequest) async throws(MockFailure)
        -> PaymentKitAPI.CardSession
    {
        let session = try authorizedSession(id, context)
        return state.withLock { $0.wire(session) }
    }

    /// The handler for `authenticate`, as the README's table says.
    public func authenticate(
        id: PaymentKitAPI.CardSessionID, _ request: PaymentKitAPI.AuthenticationRequest, context: MockRequest
    ) async throws(MockFailure) -> PaymentKitAPI.Authentication {
        let session = try authorizedSession(id, context)
        // Read again under the lock: a reset, or a second call for the same session, may have come
        // since `authorizedSession` let go of it.
        return try state.withLock { state throws(MockFailure) -> PaymentKitAPI.Authentication in
            guard let current = state.sessions[session.id] else { throw ErrorCode.cardSessionNotFound.mockFailure }
            guard current.state == .created else { throw ErrorCode.paymentAlreadyProcessed.mockFailure }
            switch current.scenario {
            case .frictionless, .slow:
                state.set(.completed, session: current.id)
            case .declined:
                state.set(.failed, session: current.id, reason: "Declined by the issuer (test card).")
            case .challenge, .pendingAfterChallenge:
                state.set(.waitingFor3DSResponse, session: current.id)
                state.sessions[current.id]?.returnURL = request.returnURL
                return .challenge(
                    PaymentKitAPI.Challenge(
                        challengeURL: baseURL.appendingPathComponent("issuer/challenge/\(current.id)"),
                        returnURL: request.returnURL))
            }
            return .frictionless(try Self.wire(current.id, in: state))
        }
    }

    /// The handler for `challengeResult`, as the README's table says.
    public func challengeResult(id: PaymentKitAPI.CardSessionID, context: MockRequest) async throws(MockFailure)
        -> PaymentKitAPI.CardSession
    {
        let session = try authorizedSession(id, context)
        return try state.withLock { state throws(MockFailure) in
            Self.settleChallenge(session.id, in: &state)
            return try Self.wire(session.id, in: state)
        }
    }

    /// The handler for `cancelCardSession`, as the README's table says.
    public func cancelCardSession(id: PaymentKitAPI.CardSessionID, context: MockRequest) async throws(MockFailure)
        -> PaymentKitAPI.CardSession
    {
        let session = try authorizedSession(id, context)
        let outcome = try state.withLock { state throws(MockFailure) -> PaymentKitAPI.CardSession? in
            guard let current = state.sessions[session.id] else { throw ErrorCode.cardSessionNotFound.mockFailure }
            switch current.state {
            case .completed, .confirmed3DS: return nil
            case .waitingFor3DSResponse where current.answer == .approved: return nil
            case .created, .waitingFor3DSResponse: state.set(.abandoned, session: current.id)
            default: break
            }
            return try Self.wire(current.id, in: state)
        }
        guard let outcome else { throw ErrorCode.cancelNotPossible.mockFailure }
        return outcome
    }

    /// Applies the issuer's recorded answer to a waiting session; without one it stays waiting.
    static func settleChallenge(_ id: String, in state: inout SimulatorState) {
        guard let session = state.sessions[id], session.state == .waitingFor3DSResponse else { return }
        switch session.answer {
        case .approved?: state.set(session.scenario == .pendingAfterChallenge ? .confirmed3DS : .completed, session: id)
        case .denied?: state.set(.failed, session: id, reason: "The issuer's challenge was not passed.")
        case .cancelled?: state.set(.abandoned, session: id)
        case nil: break
        }
    }

    /// Session `id` as it is now, or `CARD_SESSION_NOT_FOUND` when a reset removed it.
    static func wire(_ id: String, in state: SimulatorState) throws(MockFailure) -> PaymentKitAPI.CardSession {
        guard let session = state.sessions[id] else { throw ErrorCode.cardSessionNotFound.mockFailure }
        return state.wire(session)
    }

    private func authorizedSession(_ id: PaymentKitAPI.CardSessionID, _ context: MockRequest) throws(MockFailure)
        -> SimulatorState.Session
    {
        guard let session = state.withLock({ $0.sessions[id.rawValue] }) else {
            throw ErrorCode.cardSessionNotFound.mockFailure
        }
        guard context.header("Authorization") == "Bearer " + session.accessToken else {
            throw ErrorCode.invalidAccessToken.mockFailure
        }
        return session
    }
}
