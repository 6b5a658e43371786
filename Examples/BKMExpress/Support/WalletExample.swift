// Wallet status and linking, with and without an OTP (manual sections 4.3, 5 and 6): the first
// screen comes from checkStatus(), and every case of every answer has its own path.
import BKMExpressLiteMock
import BKMExpressLiteSDK
import ExampleNarration
import Foundation

public enum WalletExample {
    public static func run(_ run: ExampleRun) async throws {
        step("\(BKMExpressTestData.linkWithOTPGSM): the session has expired by the time the app asks for the status")
        try await run.expireSessionOnce(at: "checkStatus")
        try await run.withSession(gsm: BKMExpressTestData.linkWithOTPGSM) { api throws(BKMExpress.Failure) in
            try await firstScreen(api)
        }
        for gsm in [BKMExpressTestData.linkAtOnceGSM, BKMExpressTestData.unregisteredGSM] {
            step("\(gsm): initialise and choose the first screen")
            try await run.withSession(gsm: gsm) { api throws(BKMExpress.Failure) in try await firstScreen(api) }
        }
    }

    /// The screen `checkStatus()` asks for (section 4.3).
    static func firstScreen(_ api: BKMExpress.API) async throws(BKMExpress.Failure) {
        // snippet: status
        switch try await api.checkStatus() {
        case let .linked(cards):
            say("checkStatus() → .linked: the card list, \(cards.map(\.maskedCardNumber).joined(separator: ", "))")
        case .unlinked:
            say("checkStatus() → .unlinked: the linking screen; the user taps \"Bağla\"")
            try await link(api)
        case .unregistered:
            say("checkStatus() → .unregistered: the registration screen (bkm-cards shows register)")
        }
        // snippet: end
    }

    /// The linking screen (section 6.1).
    static func link(_ api: BKMExpress.API) async throws(BKMExpress.Failure) {
        switch try await api.linkAccount() {
        // snippet: link-at-once
        case .recheck:
            say("linkAccount() → .recheck: linked; checkStatus() again for the cards")
            say(describe(try await api.checkStatus()))
        // snippet: end
        // snippet: link
        case let .verificationRequired(otp):
            say(
                "linkAccount() → .verificationRequired(LinkOTP): \(otp.info.length) digits sent to \(otp.info.receiver), valid \(otp.info.durationInSeconds) s"
            )
            let fresh = try await otp.resend()
            say("the user asks for a new code: resend() → reference \(fresh.referenceNumber); otp.info follows it")
            do {
                _ = try await otp.verify(code: "000000")
            } catch {
                tell(error)
            }
            say("the user types the right code: \(describe(try await otp.verify(code: BKMExpressTestData.otpCode)))")
        // snippet: end
        }
    }

    /// The cards of a linked wallet; for the other statuses, the screen the app shows instead and no cards.
    static func cardList(_ status: BKMExpress.CheckStatusResponse) -> [BKMExpress.Card] {
        switch status {
        case let .linked(cards):
            return cards
        case .unlinked:
            say("checkStatus() → .unlinked: the linking screen instead")
            return []
        case .unregistered:
            say("checkStatus() → .unregistered: the registration screen instead")
            return []
        }
    }

    static func describe(_ status: BKMExpress.CheckStatusResponse) -> String {
        switch status {
        case let .linked(cards): "→ .linked with \(cards.count) card(s): the card list"
        case .unlinked: "→ .unlinked: still the linking screen"
        case .unregistered: "→ .unregistered: the registration screen"
        }
    }
}
