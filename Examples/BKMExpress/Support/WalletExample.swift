// Wallet status and linking, with and without an OTP (manual sections 4.3, 5, 6).
import BKMExpressLiteMock
import BKMExpressLiteSDK
import Foundation

public enum WalletExample {
    public static func run(_ run: ExampleRun) async throws {
        step("Initialise a session for \(BKMExpressTestData.linkWithOTPGSM) and check the wallet")
        let api = try await run.session(gsm: BKMExpressTestData.linkWithOTPGSM)
        // snippet: status
        let status = try await api.checkStatus()
        // snippet: end
        say("checkStatus() → \(status == .unlinked ? ".unlinked: show the linking screen" : "\(status)")")
        try expect(status == .unlinked, "status \(status)")

        step("Link the wallet: BKM asks for an OTP")
        // snippet: link
        guard case let .verificationRequired(otp) = try await api.linkAccount() else {
            throw ExampleError("linking should need an OTP for this user")
        }
        say("OTP \(otp.info.id) sent by \(otp.info.sender) to \(otp.info.receiver), \(otp.info.length) digits")
        let fresh = try await otp.resend()
        say("resend() → a fresh OTP \(fresh.id); otp.info follows it: \(otp.info.id == fresh.id)")

        step("Verify the code the user typed")
        let linked = try await otp.verify(code: BKMExpressTestData.otpCode)
        guard case let .linked(cards) = linked else { throw ExampleError("expected a linked wallet, got \(linked)") }
        // snippet: end
        say(
            "verify(code:) → .linked with \(cards.count) card(s): \(cards.map(\.maskedCardNumber).joined(separator: ", "))"
        )

        step("Another user, \(BKMExpressTestData.linkAtOnceGSM): linking needs no OTP")
        let other = try await run.session(gsm: BKMExpressTestData.linkAtOnceGSM)
        // snippet: link-at-once
        let response = try await other.linkAccount()
        say("linkAccount() → \(response == .recheck ? ".recheck: call checkStatus() again" : "\(response)")")
        guard case let .linked(otherCards) = try await other.checkStatus() else {
            throw ExampleError("expected linked")
        }
        // snippet: end
        say("checkStatus() → .linked with \(otherCards.count) card(s)")
    }
}
