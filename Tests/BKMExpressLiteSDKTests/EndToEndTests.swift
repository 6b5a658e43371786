import BKMExpressLiteMock
import BKMExpressLiteSDK
import Foundation
import SpecsmithMock
import SpecsmithRuntime
import SpecsmithTesting
import Testing

@testable import BKMExpressLiteSDK

/// The SDK against its mock over loopback: every case of every response enum.
@Suite struct ResponseCaseTests {
    @Test func walletStatusesAndLinking() async throws {
        let fixture = try await MockFixture.start()
        #expect(try await fixture.session(gsm: BKMExpressTestData.unregisteredGSM).checkStatus() == .unregistered)
        let withOTP = try await fixture.session(gsm: BKMExpressTestData.linkWithOTPGSM)
        #expect(try await withOTP.checkStatus() == .unlinked)
        guard case let .verificationRequired(otp) = try await withOTP.linkAccount() else {
            Issue.record("expected a LinkOTP")
            return
        }
        let first = otp.info.id
        let fresh = try await otp.resend()
        #expect(fresh.id != first && otp.info.id == fresh.id)
        guard case let .linked(cards) = try await otp.verify(code: BKMExpressTestData.otpCode) else {
            Issue.record("expected .linked")
            return
        }
        #expect(cards.count == 1)
        let atOnce = try await fixture.session(gsm: BKMExpressTestData.linkAtOnceGSM)
        #expect(try await atOnce.linkAccount() == .recheck)
        guard case let .linked(linkedCards) = try await atOnce.checkStatus() else {
            Issue.record("expected .linked")
            return
        }
        #expect(linkedCards.count == 1)
        guard case let .linked(salary) = try await fixture.session(gsm: BKMExpressTestData.linkedGSM).checkStatus()
        else {
            Issue.record("expected .linked")
            return
        }
        #expect(salary.map(\.alias) == [BKMExpressTestData.salaryCardAlias, nil])
        #expect(salary[0].maskedCardNumber == "450803******4509")
        await fixture.stop()
    }

    @Test func cardsAddedWithAndWithoutOTPAndDeletedToTheLast() async throws {
        let fixture = try await MockFixture.start()
        let api = try await fixture.session(gsm: BKMExpressTestData.linkedGSM, consent: true)
        let added = try await api.storeCard(
            context: .init(
                number: try fixture.card(BKMExpressTestData.addedAtOnceCard, for: api), expiryDate: MockFixture.expiry))
        guard case let .added(cards) = added else {
            Issue.record("expected .added, got \(added)")
            return
        }
        #expect(cards.count == 3)
        let withOTP = try await api.storeCard(
            context: .init(
                number: try fixture.card(BKMExpressTestData.needsOTPCard, for: api), expiryDate: MockFixture.expiry))
        guard case let .verificationRequired(otp) = withOTP else {
            Issue.record("expected a StoreCardOTP")
            return
        }
        let all = try await otp.verify(code: BKMExpressTestData.otpCode)
        #expect(all.count == 4)
        var remaining = all
        for (index, card) in all.enumerated() {
            let response = try await api.deleteCard(id: card.id)
            if index == all.count - 1 {
                #expect(response == .accountDeleted)
            } else {
                remaining.removeFirst()
                #expect(response == .cardDeleted(remaining))
            }
        }
        #expect(try await api.checkStatus() == .unregistered)
        await fixture.stop()
    }

    @Test func registrationNeedsAnOTPAndLinksTheWallet() async throws {
        let fixture = try await MockFixture.start()
        let api = try await fixture.session(gsm: BKMExpressTestData.unregisteredGSM, consent: true)
        let response = try await api.register(
            context: .init(
                number: try fixture.card(BKMExpressTestData.addedAtOnceCard, for: api), expiryDate: MockFixture.expiry))
        guard case let .verificationRequired(otp) = response else {
            Issue.record("expected a RegisterOTP")
            return
        }
        #expect(try await otp.verify(code: BKMExpressTestData.otpCode).count == 1)
        guard case .linked = try await api.checkStatus() else {
            Issue.record("expected a linked wallet")
            return
        }
        await fixture.stop()
    }

    @Test func paymentsControlOTPAndThreeDSecure() async throws {
        let fixture = try await MockFixture.start()
        let api = try await fixture.session(gsm: BKMExpressTestData.linkedGSM)
        guard case let .linked(cards) = try await api.checkStatus(), let card = cards.first else {
            Issue.record("expected cards")
            return
        }
        func pay(_ security: BKMExpress.PaymentSecurity, _ amount: Decimal, _ order: String) async throws
            -> BKMExpress.StartPaymentResponse
        {
            try await api.startPayment(
                context: .init(
                    cardID: card.id, security: security, amount: amount, orderID: order, installmentCount: .init(1)!))
        }
        guard case let .control(token) = try await pay(.none, 100, "O1") else {
            Issue.record("expected .control")
            return
        }
        let plain = try await api.controlPayment(token: token)
        #expect(plain.success && plain.status == .completed && plain.successAmount?.rawValue == 100)

        guard case let .otp(otp) = try await pay(.otp, 10, "O2") else {
            Issue.record("expected .otp")
            return
        }
        #expect(try await api.controlPayment(token: try await otp.verify(code: BKMExpressTestData.otpCode)).success)

        for (security, amount) in [
            (BKMExpress.PaymentSecurity.tds, Decimal(10)), (.none, Decimal(1000)), (.otp, Decimal(2500)),
        ] {
            guard case let .tds(tds) = try await pay(security, amount, "O3-\(amount)") else {
                Issue.record("expected .tds for \(security) \(amount)")
                continue
            }
            #expect(tds.htmlForm.contains(#"name="bkmForm""#) && tds.htmlForm.contains(tds.tdsURL.absoluteString))
            #expect(try await api.controlPayment(token: tds.paymentToken).status == .pending)
            let landing = try await BKMExpressMockServer.completeThreeDSecure(at: tds.tdsURL, approve: true)
            // No successUrl was given: 3-D Secure ends on the mock's own result page, never an invented host.
            #expect(landing == fixture.resultPage(approved: true, token: tds.paymentToken))
            let result = try await api.controlPayment(token: tds.paymentToken)
            #expect(result.status == .completed && result.success && result.secureType == "3D")
        }

        let denied = try requireCase(try await pay(.tds, 10, "O4"), "tds") {
            if case let .tds(x) = $0 { x } else { nil }
        }
        #expect(
            try await BKMExpressMockServer.completeThreeDSecure(at: denied.tdsURL, approve: false)
                == fixture.resultPage(approved: false, token: denied.paymentToken))
        #expect(try await !api.controlPayment(token: denied.paymentToken).success)

        let declined = try requireCase(try await pay(.none, 10, "DECLINE-1"), "control") {
            if case let .control(x) = $0 { x } else { nil }
        }
        let result = try await api.controlPayment(token: declined)
        #expect(result.status == .completed && !result.success)
        await fixture.stop()
    }

    @Test func paymentWithANewCardStoresIt() async throws {
        let fixture = try await MockFixture.start()
        let api = try await fixture.session(gsm: BKMExpressTestData.linkedGSM, consent: true)
        let response = try await api.startPaymentWithRegisteredCard(
            context: .init(
                card: .init(
                    number: try fixture.card(BKMExpressTestData.addedAtOnceCard, for: api),
                    expiryDate: MockFixture.expiry),
                security: .none, amount: 20, currencyCode: .TRY, orderID: "NEW-1", installmentCount: .init(2)!))
        guard case let .control(token) = response else {
            Issue.record("expected .control")
            return
        }
        #expect(try await api.controlPayment(token: token).installment == 2)
        let cards = try requireCase(try await api.checkStatus(), "linked") {
            if case let .linked(x) = $0 { x } else { nil }
        }
        #expect(cards.count == 3)
        await fixture.stop()
    }
}
