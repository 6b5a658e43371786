import BKMExpressLiteBackend
import BKMExpressLiteMock
import Foundation
import SpecsmithCrypto
import SpecsmithMock
import SpecsmithRuntime
import SpecsmithTesting
import Testing

@testable @_spi(Generated) import BKMExpressLiteSDK

/// Every error code the mock can give reaches the app as a typed failure with its Turkish message.
@Suite struct ErrorCodeTests {
    func expectServer(
        _ failure: BKMExpress.Failure?, _ code: BKMExpress.ErrorCode, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let info = BKMExpress.ErrorCode.catalog[code.rawValue]
        let kind: BKMExpress.Failure.Kind =
            switch info?.category {
            case .session?: .session
            case .encryption?: .encryption
            default: .server(code: code.rawValue)
            }
        #expect(failure?.kind == kind, "\(String(describing: failure))", sourceLocation: sourceLocation)
        #expect(failure?.message == info?.message, sourceLocation: sourceLocation)
    }

    @Test func sessionAndCurrencyErrors() async throws {
        try await MockFixture.with { fixture in
            expectServer(
                await failure { () async throws(BKMExpress.Failure) in
                    try await BKMExpress.initialize(
                        context: try! fixture.context(gsm: BKMExpressTestData.linkedGSM, currency: "XYZ"))
                }, .invalidCurrency)
            expectServer(
                await failure { () async throws(BKMExpress.Failure) in
                    try await BKMExpress.initialize(
                        context: try! fixture.context(gsm: BKMExpressTestData.linkedGSM, token: "stolen"))
                }, .invalidSession)
            let api = try await fixture.session(gsm: BKMExpressTestData.linkedGSM)
            fixture.mock.simulator.expireSessions()
            let expired = await failure { () async throws(BKMExpress.Failure) in try await api.checkStatus() }
            expectServer(expired, .sessionExpired)
            #expect(expired?.kind == .session)
        }
    }

    @Test func agreementCardAndWalletErrors() async throws {
        try await MockFixture.with { fixture in
            let api = try await fixture.session(gsm: BKMExpressTestData.linkedGSM)
            func store(_ number: BKMExpress.CardNumber, _ expiry: BKMExpress.CardExpiryDate = MockFixture.expiry) async
                -> BKMExpress.Failure?
            {
                await failure { () async throws(BKMExpress.Failure) in
                    try await api.storeCard(context: .init(number: number, expiryDate: expiry))
                }
            }
            expectServer(
                await store(try fixture.card(BKMExpressTestData.addedAtOnceCard, for: api)), .missedMandatoryAgreement)
            api.setAgreementConsent(true)
            expectServer(await store(try fixture.card(BKMExpressTestData.rejectedCard, for: api)), .cardRejected)
            // What the field would never let through, encrypted as the SDK would: the server checks too.
            expectServer(
                await store(BKMExpress.CardNumber(digits: Array("4111111111111112".utf8), for: [api.cardKey])),
                .invalidCardNumber)
            expectServer(
                await store(
                    try fixture.card(BKMExpressTestData.addedAtOnceCard, for: api),
                    // The wire format's check only, as decoding uses it: every app-facing initialiser refuses it.
                    try BKMExpress.CardExpiryDate(wireValue: "01/2020")),
                .cardExpired)
            let otherKey = TestKeys.rsa(1).publicKey
            expectServer(
                await store(
                    BKMExpress.CardNumber(
                        digits: Array(BKMExpressTestData.addedAtOnceCard.utf8),
                        for: [BKMExpress.CardKey(sessionID: api.cardKey.sessionID, key: otherKey)])),
                .decryptionFailed)
            expectServer(
                await failure { () async throws(BKMExpress.Failure) in
                    try await api.deleteCard(id: .init(rawValue: "no-such-card")!)
                },
                .cardNotFound)
            expectServer(
                await failure { () async throws(BKMExpress.Failure) in
                    try await api.controlPayment(token: .init(rawValue: "pt_none")!)
                },
                .paymentNotFound)
            let unregistered = try await fixture.session(gsm: BKMExpressTestData.unregisteredGSM)
            expectServer(
                await failure { () async throws(BKMExpress.Failure) in try await unregistered.linkAccount() },
                .walletNotFound)
        }
    }

    @Test func otpErrorsAndTheThirdWrongTry() async throws {
        let fixture = try await MockFixture.start()
        let api = try await fixture.session(gsm: BKMExpressTestData.linkWithOTPGSM)
        let otp = try requireCase(try await api.linkAccount(), "verificationRequired") {
            if case let .verificationRequired(x) = $0 { x } else { nil }
        }
        for _ in 0..<2 {
            expectServer(
                await failure { () async throws(BKMExpress.Failure) in try await otp.verify(code: "000000") },
                .invalidOTP)
        }
        expectServer(
            await failure { () async throws(BKMExpress.Failure) in try await otp.verify(code: "000000") },
            .otpAttemptsExceeded)
        expectServer(
            await failure { () async throws(BKMExpress.Failure) in
                try await otp.verify(code: BKMExpressTestData.otpCode)
            }, .otpExpired)
        _ = try await otp.resend()
        guard case .linked = try await otp.verify(code: BKMExpressTestData.otpCode) else {
            Issue.record("a fresh OTP should verify")
            return
        }
        await fixture.stop()
    }

    @Test func merchantSignatureMustVerify() async throws {
        try await MockFixture.with { fixture in
            let honest = BKMExpress.Merchant(
                merchantID: BKMExpressTestData.merchantID,
                privateKey: try RSAPrivateKey(pem: BKMExpressTestData.merchantPrivateKeyPEM),
                mode: fixture.mode)
            let token = try await honest.issueAuthToken(for: "u1")
            let api = try await BKMExpress.initialize(
                context: try fixture.context(gsm: BKMExpressTestData.linkedGSM, token: token.authToken))
            _ = try requireCase(try await api.checkStatus(), "linked") {
                if case let .linked(x) = $0 { x } else { nil }
            }
            let impostor = BKMExpress.Merchant(
                merchantID: BKMExpressTestData.merchantID, privateKey: TestKeys.rsa(2), mode: fixture.mode)
            expectServer(
                await failure { () async throws(BKMExpress.Failure) in try await impostor.issueAuthToken(for: "u1") },
                .invalidMerchantSignature)
            let stale = await failure { () async throws(BKMExpress.Failure) in
                try await honest.issueAuthToken(for: "u1", at: Date().addingTimeInterval(-3600))
            }
            expectServer(stale, .invalidMerchantSignature)
        }
    }
}
