import BKMExpressLiteSDK
import Foundation
@_spi(Generated) import SpecsmithRuntime
import SpecsmithTesting
import Testing

/// The generated BKM Express wire client against scripted answers in BKM's envelope.
@Suite struct WireClientTests {
    let transport = ScriptedTransport()
    var client: BKMExpress.Client { BKMExpress.Client(environment: .test, transport: transport) }

    static let initialize = BKMExpress.InitializeRequest(
        authToken: "test_token", merchantID: "M", merchantUserID: "u", gsmNo: try! BKMExpress.GSMNO("5000000004"),
        currencyCode: "TRY")

    @Test func initializeOpensASessionThatLaterCallsSendInBexConnection() async throws {
        let client = client
        transport.answer(
            #"{"result": "ok", "code": 0, "message": "", "data": {"connectionToken": "bexc_1", "expiresAt": "2026-11-30T12:30:00Z", "agreements": [], "encryptionKey": {"kid": "k", "publicKey": "AAAA"}}}"#
        )
        transport.answer(#"{"result": "ok", "data": {"status": "UNLINKED"}}"#)
        let session = try await client.initialize(Self.initialize)
        #expect(session.encryptionKey.algorithm == "RSA-OAEP-256")
        #expect(try await client.checkStatus() == .unlinked)
        #expect(transport.requests[0].header("Bex-Connection") == nil)
        #expect(transport.requests[1].header("Bex-Connection") == "bexc_1")
        #expect(transport.requests[1].url.absoluteString == "https://lite-test.bkmexpress.com.tr/api/v1/wallet/status")
    }

    @Test func failEnvelopeWithStatus200IsAServerFailure() async {
        transport.answer(#"{"result": "fail", "code": 1049, "message": "unsupported currency"}"#)
        do {
            _ = try await client.initialize(Self.initialize)
            Issue.record("expected INVALID_CURRENCY")
        } catch {
            #expect(error.kind == .server(code: 1049))
            if case let .server(code) = error.kind { #expect(code == BKMExpress.ErrorCode.invalidCurrency) }
            #expect(error.code == .invalidCurrency)
            #expect(error.message == "unsupported currency", "the server's own text when it sent one")
            #expect(error.localizedDescription == "unsupported currency")
        }
    }

    @Test func aServerErrorWithoutTextTakesTheCataloguesTurkishMessage() async {
        transport.answer(#"{"result": "fail", "code": 1049, "message": ""}"#)
        do {
            _ = try await client.initialize(Self.initialize)
            Issue.record("expected INVALID_CURRENCY")
        } catch {
            #expect(error.code == .invalidCurrency)
            #expect(error.message == "Gönderilen para birimi desteklenmiyor.")
        }
    }

    @Test func sessionErrorsAreSessionFailures() async {
        let client = client
        client.restoreSession("bexc_old")
        transport.answer(401, #"{"result": "fail", "code": 1002, "message": "expired"}"#)
        do {
            _ = try await client.checkStatus()
        } catch {
            #expect(error.kind == .session)
            #expect(error.code == .sessionExpired, "an expired session is told from an invalid one by its code")
            #expect(error.message == "expired")
        }
    }

    @Test func linkedWalletDecodesItsCards() async throws {
        let client = client
        client.restoreSession("s")
        transport.answer(
            #"{"result": "ok", "data": {"status": "LINKED", "cards": [{"id": "c1", "alias": "Maaş Kartım", "maskedCardNumber": "450803******4509", "bankInformation": {"bankShortName": "TESTBANK", "cardType": "CreditCard", "cardScheme": "VISA", "cardBrand": "Troy", "bankCode": "0099"}, "bin": "45080345", "createTime": "2026-01-15T09:30:00Z"}]}}"#
        )
        guard case let .linked(cards) = try await client.checkStatus() else {
            Issue.record("expected .linked")
            return
        }
        #expect(cards.first?.alias == "Maaş Kartım")
        #expect(cards.first?.bankInformation.cardBrand == "Troy")
    }

    @Test func amountsTravelExactlyWithTwoDecimals() throws {
        for (value, wire) in [
            ("100", "100.00"), ("0.1", "0.10"), ("1234567890123.45", "1234567890123.45"), ("0", "0.00"),
        ] {
            let json = String(
                decoding: try WireCoding.encode([try BKMExpress.Amount(Decimal(string: value)!)]), as: UTF8.self)
            #expect(json == "[\(wire)]")
        }
        #expect(throws: ValueRuleFailure.self) { try BKMExpress.Amount(Decimal(string: "10.005")!) }
        #expect(throws: ValueRuleFailure.self) { try BKMExpress.Amount(Decimal(string: "-1")!) }
        let decoded = try WireCoding.decode(BKMExpress.Amount.self, from: Data("1500.00".utf8))
        #expect(decoded.rawValue == 1500)
    }

    @Test func aStringThatLooksLikeAScaledDecimalStaysAString() throws {
        struct Note: Encodable {
            var text = "\u{1}00000000-0000-0000-0000-000000000000:1.00"
            var amount = try! BKMExpress.Amount(5)
        }
        let json = String(decoding: try WireCoding.encode(Note()), as: UTF8.self)
        #expect(json.contains(#""amount":5.00"#))
        #expect(json.contains(#""text":"\u000100000000-0000-0000-0000-000000000000:1.00""#))
    }

    @Test func paymentAmountsKeepTheirDigits() async throws {
        let client = client
        client.restoreSession("s")
        transport.answer(#"{"result": "ok", "data": {"next": "CONTROL", "paymentToken": "pt_1"}}"#)
        let request = BKMExpress.StartPaymentRequest(
            cardID: try .init("c1"), security: .none,
            amount: try .init(Decimal(string: "0.1")! + Decimal(string: "0.2")!),
            orderID: "O", date: Date(timeIntervalSince1970: 0), transactionID: UUID(),
            installmentCount: try .init(1), successURL: URL(string: "https://m.example/s")!,
            failURL: URL(string: "https://m.example/f")!)
        #expect(try await client.startPayment(request) == .control(try .init("pt_1")))
        let body = String(decoding: try #require(transport.requests.first?.body), as: UTF8.self)
        #expect(body.contains(#""amount":0.30,"#))
        #expect(body.contains(#""security":"NONE""#))
    }
}
