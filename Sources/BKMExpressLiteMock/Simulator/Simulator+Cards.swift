// Hand-written: adding, deleting and registering cards.
import BKMExpressLiteSDK
import Foundation
import SpecsmithMock

extension BKMExpressSimulator {
    /// A stored card for `digits`, with a new ID.
    func storedCard(_ digits: String, alias: String?, in state: inout SimulatorState) -> SimulatorState.StoredCard {
        SimulatorState.card(digits, alias: alias, id: state.nextID("card"), createdAt: Date())
    }

    func isStoreCard(_ purpose: SimulatorState.OTPPurpose) -> Bool {
        if case .storeCard = purpose { true } else { false }
    }
    func isRegister(_ purpose: SimulatorState.OTPPurpose) -> Bool {
        if case .register = purpose { true } else { false }
    }

    public func storeCard(_ request: BKMExpress.StoreCardRequest, context: MockRequest) async throws(MockFailure)
        -> BKMExpress.StoreCardResponse
    {
        let gsm = try session(context).gsm
        try requireConsent(request.approvedAgreements, context)
        let digits = try digits(of: request.card)
        let outcome = state.withLock { state -> BKMExpress.StoreCardResponse? in
            guard state.wallets[gsm]?.registered == true else { return nil }
            let card = storedCard(digits, alias: request.card.alias, in: &state)
            // An unlinked wallet is linked by proving the phone, as linkAccount does: never silently.
            if digits == BKMExpressTestData.needsOTPCard || state.wallets[gsm]?.linked != true {
                return .verificationRequired(
                    BKMExpress.StoreCardOTP(
                        info: newOTP(
                            .storeCard(gsm: gsm, card: card), gsm: gsm, session: sessionToken(context), in: &state)))
            }
            state.wallets[gsm]?.cards.append(card)
            state.wallets[gsm]?.linked = true
            return .added(state.wallets[gsm]?.cards.map(\.card) ?? [])
        }
        guard let outcome else { throw failure(.walletNotFound) }
        return outcome
    }

    public func verifyStoreCardOTP(_ request: BKMExpress.OTPVerification, context: MockRequest)
        async throws(MockFailure)
        -> BKMExpress.CardListResult
    {
        _ = try session(context)
        guard case let .storeCard(gsm, card) = try verify(request, context: context, kind: isStoreCard) else {
            throw failure(.otpExpired)
        }
        return state.withLock { state in
            state.wallets[gsm]?.cards.append(card)
            state.wallets[gsm]?.linked = true
            return BKMExpress.CardListResult(cards: state.wallets[gsm]?.cards.map(\.card) ?? [])
        }
    }

    public func resendStoreCardOTP(_ request: BKMExpress.OTPResend, context: MockRequest) async throws(MockFailure)
        -> BKMExpress.OTPInfo
    {
        _ = try session(context)
        return try resend(request, context: context, kind: isStoreCard)
    }

    public func deleteCard(id: BKMExpress.Card.ID, context: MockRequest) async throws(MockFailure)
        -> BKMExpress.DeleteCardResponse
    {
        let gsm = try session(context).gsm
        let outcome = state.withLock { state -> BKMExpress.DeleteCardResponse? in
            guard var wallet = state.wallets[gsm], wallet.cards.contains(where: { $0.card.id == id }) else {
                return nil
            }
            wallet.cards.removeAll { $0.card.id == id }
            if wallet.cards.isEmpty {
                state.wallets[gsm] = nil
                return .accountDeleted
            }
            state.wallets[gsm] = wallet
            return .cardDeleted(wallet.cards.map(\.card))
        }
        guard let outcome else { throw failure(.cardNotFound) }
        return outcome
    }

    public func register(_ request: BKMExpress.RegisterRequest, context: MockRequest) async throws(MockFailure)
        -> BKMExpress.RegisterResponse
    {
        let gsm = try session(context).gsm
        try requireConsent(request.approvedAgreements, context)
        let digits = try digits(of: request.card)
        return state.withLock { state in
            let card = storedCard(digits, alias: request.card.alias, in: &state)
            return .verificationRequired(
                BKMExpress.RegisterOTP(
                    info: newOTP(.register(gsm: gsm, card: card), gsm: gsm, session: sessionToken(context), in: &state))
            )
        }
    }

    public func verifyRegisterOTP(_ request: BKMExpress.OTPVerification, context: MockRequest) async throws(MockFailure)
        -> BKMExpress.CardListResult
    {
        _ = try session(context)
        guard case let .register(gsm, card) = try verify(request, context: context, kind: isRegister) else {
            throw failure(.otpExpired)
        }
        return state.withLock { state in
            var wallet = state.wallets[gsm] ?? SimulatorState.Wallet(registered: true, linked: true, cards: [])
            wallet.registered = true
            wallet.linked = true
            wallet.cards.append(card)
            state.wallets[gsm] = wallet
            return BKMExpress.CardListResult(cards: wallet.cards.map(\.card))
        }
    }

    public func resendRegisterOTP(_ request: BKMExpress.OTPResend, context: MockRequest) async throws(MockFailure)
        -> BKMExpress.OTPInfo
    {
        _ = try session(context)
        return try resend(request, context: context, kind: isRegister)
    }
}
