import BKMExpressLiteMock
import BKMExpressLiteSDK
import Foundation
import SpecsmithTesting
import Testing

/// The manual's samples run against the mock, not only compile: each reaches the screen it should.
@Suite struct SeedSamplesRunTests {
    @Test func samplesRunAgainstTheMock() async throws {
        let fixture = try await MockFixture.start()
        let context = try fixture.context(gsm: BKMExpressTestData.linkedGSM)
        await SeedSamples.pairButtonTapped(context: context)
        await SeedSamples.startBKMExpressFlow(context: context)
        await SeedSamples.currencySample(
            context: try fixture.context(gsm: BKMExpressTestData.linkedGSM, currency: "XYZ"))

        let api = try await BKMExpress.initialize(context: context)
        let field = BKMExpress.CardNumberInput(api: api)
        var samples = SeedSamples(api: api, cardNumber: nil, cardNumberField: field)
        #expect(samples.agreementsSample().map(\.code) == ["TERMS_OF_USE", "KVKK"])
        samples.cardNumberFieldSample()
        field.replaceText(BKMExpressTestData.addedAtOnceCard)
        samples.cardNumber = try field.cardNumber()
        api.setAgreementConsent(true)
        // The manual's storeCard() sample hard-codes expiry 12/2026, which the calendar check refuses
        // from 2027; it is compiled, and its call is made here with a later date.
        _ = try await api.storeCard(context: .init(number: try field.cardNumber(), expiryDate: MockFixture.expiry))
        await samples.generalSample()
        let cards = try requireCase(try await api.checkStatus(), "linked") {
            if case let .linked(cards) = $0 { cards } else { nil }
        }
        let card = try #require(cards.first, "the linked wallet should list the stored card")
        await samples.startAndControlPayment(cardID: card.id)
        let started = try await api.startPayment(
            context: .init(
                cardID: card.id, security: .otp, amount: 5, orderID: "SEED-OTP", installmentCount: .init(1)!))
        let otp = try requireCase(started, "otp") { if case let .otp(otp) = $0 { otp } else { nil } }
        await samples.resendOTP(otp: otp)
        await samples.onPaymentOtpVerified(otp: otp, code: BKMExpressTestData.otpCode)
        await samples.deleteCard(id: cards[cards.count - 1].id)

        let linking = try await BKMExpress.initialize(
            context: try fixture.context(gsm: BKMExpressTestData.linkWithOTPGSM))
        let linkSamples = SeedSamples(
            api: linking, cardNumber: nil, cardNumberField: BKMExpress.CardNumberInput(api: linking))
        await linkSamples.linkBKMExpress()
        let linkOTP = try requireCase(try await linking.linkAccount(), "verificationRequired") {
            if case let .verificationRequired(x) = $0 { x } else { nil }
        }
        await linkSamples.verifyOTP(otp: linkOTP, code: BKMExpressTestData.otpCode)
        _ = try requireCase(try await linking.checkStatus(), "linked") {
            if case let .linked(cards) = $0 { cards } else { nil }
        }
        await fixture.stop()
    }
}
