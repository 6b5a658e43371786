import BKMExpressLiteMock
import BKMExpressLiteSDK
import Foundation
@_spi(Generated) import SpecsmithRuntime
import SpecsmithTesting
import Testing

@testable import BKMExpressLiteSDK

/// Credentials stay hidden, a session ends when the app lets it go, and bad amounts and expiry
/// dates are refused on the device before anything is sent.
@Suite struct SessionAndInputTests {
    @Test func theAuthTokenIsRedactedInEveryPrintedForm() throws {
        let context = BKMExpress.InitializationContext(
            authToken: "secret-auth-token-42", merchantID: "M", merchantUserID: "user-7781",
            gsmNo: try .init("5000000004"),
            currencyCode: "TRY", mode: .test)
        var dumped = ""
        dump(context, to: &dumped)
        let mirrored = Mirror(reflecting: context).children.map { "\($0.value)" }.joined(separator: " ")
        for text in [
            context.description, context.debugDescription, "\(context)", String(reflecting: context), dumped, mirrored,
        ] {
            #expect(!text.contains("secret-auth-token-42"), "\(text)")
            // What is not secret still shows, so a description is no blank wall.
            #expect(text.contains("user-7781"), "\(text)")
        }
    }

    @Test func printingTheAPIShowsNeitherTheAuthTokenNorTheSessionToken() async throws {
        try await MockFixture.with { fixture in
            let api = try await fixture.session(gsm: BKMExpressTestData.linkedGSM)
            var dumped = ""
            dump(api, to: &dumped)
            let mirrored = Mirror(reflecting: api).children.map { "\($0.label ?? ""): \($0.value)" }
            for text in [dumped, api.description, String(reflecting: api)] + mirrored {
                #expect(!text.contains("test_e2e") && !text.contains("bexc_"), "\(text)")
            }
            #expect(dumped.contains("pendingAgreements"))
        }
    }

    @Test func dumpingAnOTPOrAResponseHoldingOneShowsNoSessionToken() async throws {
        try await MockFixture.with { fixture in
            let api = try await fixture.session(gsm: BKMExpressTestData.linkedGSM)
            let response = try await fixture.pay(api, .otp, orderID: "DUMP")
            let otp = try requireCase(response, "otp") { if case let .otp(otp) = $0 { otp } else { nil } }
            var dumped = ""
            dump(otp, to: &dumped)
            dump(response, to: &dumped)
            #expect(!dumped.contains("bexc_"), "\(dumped)")
            #expect(dumped.contains(otp.info.id))
        }
    }

    @Test func theSDKDoesNotKeepASessionAliveOnceTheAppLetsItGo() async throws {
        try await MockFixture.with { fixture in
            weak var released: BKMExpress.API?
            do {
                let api = try await fixture.session(gsm: BKMExpressTestData.linkedGSM)
                released = api
                #expect(released != nil)
            }
            #expect(released == nil)
        }
    }

    @Test(arguments: [
        Decimal(string: "10.005")!, 10.005, 0, -5, Decimal(string: "0.001")!,
    ])
    func anAmountThatIsNotPositiveOrHasMoreThanTwoDecimalsIsRefusedBeforeSending(amount: Decimal) async throws {
        try await MockFixture.with { fixture in
            let api = try await fixture.session(gsm: BKMExpressTestData.linkedGSM)
            let failure = try #require(
                await failure { () async throws(BKMExpress.Failure) in
                    try await fixture.pay(api, .none, orderID: "AMOUNT", amount: amount)
                })
            #expect(failure.kind == .invalidRequest)
            #expect(failure.message == "Tutar sıfırdan büyük olmalı ve en fazla iki ondalık basamak içermelidir.")
            #expect(fixture.mock.service.journal.filter { $0.operation == "startPayment" }.isEmpty)
        }
    }

    @Test(arguments: [(19.99, "19.99"), (Decimal(string: "1234.56")!, "1234.56"), (100, "100")] as [(Decimal, String)])
    func aFloatLiteralAmountIsSentAsWrittenWithoutRounding(amount: Decimal, wire: String) async throws {
        try await MockFixture.with { fixture in
            let api = try await fixture.session(gsm: BKMExpressTestData.linkedGSM)
            _ = try await fixture.pay(api, .none, orderID: "AMOUNT", amount: amount)
            let sent = try #require(fixture.mock.service.journal.first { $0.operation == "startPayment" })
            #expect(sent.body.contains("\"amount\":\(wire),"), "\(sent.body)")
        }
    }

    @Test func everyAppFacingExpiryInitialiserRefusesPastMonths() throws {
        let now = try #require(ISO8601DateFormatter().date(from: "2026-11-30T10:00:00Z"))
        #expect(throws: BKMExpress.CardExpiryDate.Failure.expired) {
            try BKMExpress.CardExpiryDate(month: 10, year: 2026, now: now)
        }
        #expect(throws: BKMExpress.CardExpiryDate.Failure.expired) {
            try BKMExpress.CardExpiryDate("10/2026", now: now)
        }
        #expect(throws: BKMExpress.CardExpiryDate.Failure.expired) { try BKMExpress.CardExpiryDate("01/2020") }
        #expect(throws: BKMExpress.CardExpiryDate.Failure.expired) {
            try BKMExpress.CardExpiryDate(Date(timeIntervalSince1970: 0))
        }
        #expect(BKMExpress.CardExpiryDate(rawValue: "01/2020") == nil)
        // The runtime's initialiser every value type has refuses it too, with the SDK's reason.
        #expect(
            throws: ValueRuleFailure(
                type: "CardExpiryDate", rule: .sdk("the card expired before this month"), value: "01/2020")
        ) {
            try BKMExpress.CardExpiryDate(validating: "01/2020")
        }
        #expect(try BKMExpress.CardExpiryDate(validating: "12/2099").formatted == "12/2099")
        #expect(try BKMExpress.CardExpiryDate(month: 11, year: 2026, now: now).formatted == "11/2026")
        #expect(BKMExpress.CardExpiryDate(rawValue: "12/2099")?.formatted == "12/2099")
    }

    @Test func decodingFromTheWireChecksTheFormatOnly() throws {
        let decoded = try WireCoding.decode([BKMExpress.CardExpiryDate].self, from: Data(#"["01/2020"]"#.utf8))
        #expect(decoded.map(\.formatted) == ["01/2020"])
        #expect(throws: (any Error).self) {
            try WireCoding.decode([BKMExpress.CardExpiryDate].self, from: Data(#"["13/2020"]"#.utf8))
        }
    }
}
