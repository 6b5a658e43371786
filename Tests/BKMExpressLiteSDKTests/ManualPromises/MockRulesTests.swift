import BKMExpressLiteMock
import BKMExpressLiteSDK
import Foundation
import Testing

/// The mock follows the manual: OTPs and payments belong to their session, an exhausted payment OTP
/// fails the payment, and an unlinked wallet is not linked behind the user's back.
@Suite struct MockRulesTests {
    /// A raw wire client with a session of its own, as another device of the same user would have.
    static func otherSession(_ fixture: MockFixture) async throws -> BKMExpress.Client {
        let client = BKMExpress.Client(environment: .custom(api: fixture.mock.baseURL, merchant: fixture.mock.baseURL))
        _ = try await client.initialize(
            BKMExpress.InitializeRequest(
                authToken: "test_other", merchantID: BKMExpressTestData.merchantID, merchantUserID: "other",
                gsmNo: try .init(BKMExpressTestData.linkedGSM), currencyCode: "TRY"))
        return client
    }

    @Test func otpsAndPaymentsBelongToTheSessionThatCreatedThem() async throws {
        try await MockFixture.with { fixture in
            let api = try await fixture.session(gsm: BKMExpressTestData.linkedGSM)
            guard case let .otp(otp) = try await fixture.pay(api, .otp, orderID: "MINE") else {
                Issue.record("expected .otp")
                return
            }
            let other = try await Self.otherSession(fixture)
            let stolenOTP = await failure { () async throws(BKMExpress.Failure) in
                try await other.verifyPaymentOTP(.init(otpID: otp.info.id, code: BKMExpressTestData.otpCode))
            }
            #expect(stolenOTP?.kind == .server(code: BKMExpress.ErrorCode.otpExpired.rawValue))
            let token = try await otp.verify(code: BKMExpressTestData.otpCode)
            let stolenPayment = await failure { () async throws(BKMExpress.Failure) in
                try await other.controlPayment(token: token)
            }
            #expect(stolenPayment?.kind == .server(code: BKMExpress.ErrorCode.paymentNotFound.rawValue))
            #expect(try await api.controlPayment(token: token).success)
        }
    }

    @Test func aPaymentOTPExhaustedByWrongCodesFailsThePaymentForGood() async throws {
        try await MockFixture.with { fixture in
            let api = try await fixture.session(gsm: BKMExpressTestData.linkedGSM)
            guard case let .otp(otp) = try await fixture.pay(api, .otp, orderID: "WRONG") else {
                Issue.record("expected .otp")
                return
            }
            var codes: [BKMExpress.ErrorCode?] = []
            for _ in 1...3 {
                codes.append(
                    await failure { () async throws(BKMExpress.Failure) in try await otp.verify(code: "000000") }?.code)
            }
            #expect(codes == [.invalidOTP, .invalidOTP, .otpAttemptsExceeded])
            let resent = await failure { () async throws(BKMExpress.Failure) in try await otp.resend() }
            #expect(resent?.code == .otpExpired)
            // The app never got a token; the merchant's backend asks by order.
            let token = try #require(fixture.mock.simulator.paymentToken(orderID: "WRONG"))
            let result = try await api.controlPayment(token: token)
            #expect(result.status == .completed)
            #expect(!result.success)
        }
    }

    @Test func storingACardInAnUnlinkedWalletNeedsTheUsersOTP() async throws {
        try await MockFixture.with { fixture in
            let api = try await fixture.session(gsm: BKMExpressTestData.linkAtOnceGSM, consent: true)
            #expect(try await api.checkStatus() == .unlinked)
            let response = try await api.storeCard(
                context: .init(
                    number: try fixture.card(BKMExpressTestData.addedAtOnceCard, for: api),
                    expiryDate: MockFixture.expiry))
            guard case let .verificationRequired(otp) = response else {
                Issue.record("expected a StoreCardOTP, got \(response)")
                return
            }
            #expect(try await api.checkStatus() == .unlinked)
            let cards = try await otp.verify(code: BKMExpressTestData.otpCode)
            #expect(cards.count == 2)
            guard case let .linked(linked) = try await api.checkStatus() else {
                Issue.record("expected .linked")
                return
            }
            #expect(linked.map(\.maskedCardNumber) == cards.map(\.maskedCardNumber))
        }
    }
}
