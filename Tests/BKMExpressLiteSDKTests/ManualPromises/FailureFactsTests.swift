import BKMExpressLiteMock
import BKMExpressLiteSDK
import Foundation
import SpecsmithCrypto
import SpecsmithMock
import SpecsmithRuntime
import SpecsmithTesting
import Testing

/// Manual sections 8.5 and 9: a failure keeps its code for every kind, the server's own message,
/// and never the user's phone number.
@Suite struct FailureFactsTests {
    @Test func sessionFailuresTellAnExpiredSessionFromAnInvalidOne() async throws {
        try await MockFixture.with { fixture in
            let api = try await fixture.session(gsm: BKMExpressTestData.linkedGSM)
            fixture.mock.simulator.expireSessions()
            let expired = try #require(
                await failure { () async throws(BKMExpress.Failure) in try await api.checkStatus() })
            #expect(expired.kind == .session)
            #expect(expired.code == .sessionExpired)
            let invalid = try #require(
                await failure { () async throws(BKMExpress.Failure) in
                    try await BKMExpress.initialize(
                        context: try! fixture.context(gsm: BKMExpressTestData.linkedGSM, token: "stolen"))
                })
            #expect(invalid.kind == .session)
            #expect(invalid.code == .invalidSession)
        }
    }

    @Test func theServersOwnMessageIsKeptAndThePhoneNumberIsMasked() async throws {
        let transport = try Self.initializedTransport()
        let api = try await BKMExpress.initialize(context: Self.context, transport: transport)
        transport.answer(#"{"result": "fail", "code": 1202, "message": "5000000004 numaralı hattın kartı kapalı."}"#)
        let failure = try #require(await failure { () async throws(BKMExpress.Failure) in try await api.checkStatus() })
        #expect(failure.kind == .server(code: 1202))
        #expect(failure.code == .cardRejected)
        #expect(failure.message == "500•••••04 numaralı hattın kartı kapalı.")
        #expect(!failure.detail.contains("5000000004"))
        #expect(!failure.description.contains("5000000004"))
    }

    @Test func withoutAServerMessageTheCataloguesTurkishTextIsShown() async throws {
        let transport = try Self.initializedTransport()
        let api = try await BKMExpress.initialize(context: Self.context, transport: transport)
        transport.answer(#"{"result": "fail", "code": 1002, "message": ""}"#)
        let failure = try #require(await failure { () async throws(BKMExpress.Failure) in try await api.checkStatus() })
        #expect(failure.kind == .session)
        #expect(failure.code == .sessionExpired)
        #expect(failure.message == "Oturumunuzun süresi doldu. Lütfen işleme yeniden başlayın.")
    }

    @Test func aFailureWithoutAnAnswerHasNoCode() async throws {
        let transport = try Self.initializedTransport()
        let api = try await BKMExpress.initialize(context: Self.context, transport: transport)
        transport.fail(TransportFailure(.connectionRefused, detail: "refused"))
        let failure = try #require(await failure { () async throws(BKMExpress.Failure) in try await api.linkAccount() })
        #expect(failure.kind == .transport(.connectionRefused))
        #expect(failure.code == nil)
    }

    @Test func aRefusedPhoneNumberIsNotRepeatedInTheErrorOrInPrintedContexts() throws {
        #expect(throws: BKMExpress.InitializationError.self) { try BKMExpress.GSMNO("4000000004") }
        do {
            _ = try BKMExpress.GSMNO("4000000004")
        } catch {
            #expect(!error.description.contains("4000000004"), "\(error)")
        }
        var dumped = ""
        dump(Self.context, to: &dumped)
        for text in [Self.context.description, dumped, "\(Self.context.gsmNo)"] {
            #expect(!text.contains("5000000004"), "\(text)")
        }
    }

    static let context = BKMExpress.InitializationContext(
        authToken: "test_facts", merchantID: "M", merchantUserID: "u", gsmNo: try! .init("5000000004"),
        currencyCode: "TRY", mode: .test)

    /// A transport whose first answer opens a session with a usable encryption key.
    static func initializedTransport() throws -> ScriptedTransport {
        let key = try TestKeys.rsa(1).publicKey.der().base64EncodedString()
        let transport = ScriptedTransport()
        transport.answer(
            #"{"result": "ok", "data": {"connectionToken": "bexc_1", "expiresAt": "2026-11-30T12:30:00Z", "agreements": [], "encryptionKey": {"kid": "k", "publicKey": "\#(key)"}}}"#
        )
        return transport
    }
}

/// The OTP objects call the wire client directly; the phone number is masked on that path too.
@Suite struct OTPFailureTextTests {
    @Test func anOTPFailureNeverShowsThePhoneNumber() async throws {
        try await MockFixture.with { fixture in
            let api = try await fixture.session(gsm: BKMExpressTestData.linkedGSM)
            guard case let .otp(otp) = try await fixture.pay(api, .otp, orderID: "PHONE") else {
                Issue.record("expected .otp")
                return
            }
            try fixture.mock.service.inject(
                .error(
                    MockFailure(status: 422, code: 1101, message: "5000000004 için kod hatalı."),
                    operation: "verifyPaymentOTP", times: 1))
            let failure = try #require(
                await failure { () async throws(BKMExpress.Failure) in try await otp.verify(code: "000000") })
            #expect(failure.code == .invalidOTP)
            for text in [failure.message, failure.detail, failure.description, String(reflecting: failure)] {
                #expect(!text.contains("5000000004"), "\(text)")
            }
            #expect(failure.detail.contains("500•••••04 için kod hatalı."))
        }
    }
}
