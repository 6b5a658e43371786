// Hand-written: wallet status and linking.
import BKMExpressLiteSDK
import Foundation
import SpecsmithMock

extension BKMExpressSimulator {
    func status(of gsm: String, in state: SimulatorState) -> BKMExpress.CheckStatusResponse {
        guard let wallet = state.wallets[gsm], wallet.registered else { return .unregistered }
        return wallet.linked ? .linked(wallet.cards.map(\.card)) : .unlinked
    }

    public func checkStatus(context: MockRequest) async throws(MockFailure) -> BKMExpress.CheckStatusResponse {
        let session = try session(context)
        return state.withLock { status(of: session.gsm, in: $0) }
    }

    public func linkAccount(context: MockRequest) async throws(MockFailure) -> BKMExpress.LinkAccountResponse {
        let gsm = try session(context).gsm
        let outcome = state.withLock { state -> BKMExpress.LinkAccountResponse? in
            guard let wallet = state.wallets[gsm], wallet.registered else { return nil }
            if wallet.linked { return .recheck }
            if gsm == BKMExpressTestData.linkWithOTPGSM {
                return .verificationRequired(
                    BKMExpress.LinkOTP(
                        info: newOTP(.link(gsm: gsm), gsm: gsm, session: sessionToken(context), in: &state)))
            }
            state.wallets[gsm]?.linked = true
            return .recheck
        }
        guard let outcome else { throw failure(.walletNotFound) }
        return outcome
    }

    public func verifyLinkOTP(_ request: BKMExpress.OTPVerification, context: MockRequest) async throws(MockFailure)
        -> BKMExpress.LinkVerificationResult
    {
        _ = try session(context)
        guard
            case let .link(gsm) = try verify(
                request, context: context, kind: { if case .link = $0 { true } else { false } })
        else {
            throw failure(.otpExpired)
        }
        return state.withLock { state in
            state.wallets[gsm]?.linked = true
            return BKMExpress.LinkVerificationResult(status: status(of: gsm, in: state))
        }
    }

    public func resendLinkOTP(_ request: BKMExpress.OTPResend, context: MockRequest) async throws(MockFailure)
        -> BKMExpress.OTPInfo
    {
        _ = try session(context)
        return try resend(request, context: context) { if case .link = $0 { true } else { false } }
    }
}
