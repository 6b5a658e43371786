import Foundation
import PaymentKit
import PaymentKitMock
import PaymentKitTesting
import SpecsmithRuntime
import SpecsmithTesting
import Testing

/// The card leaves the device only as a JWE for the checkout host's key, and the gateway refuses a replay.
@Suite struct CardEncryptionTests {
    @Test func anUnusableKeyFailsBeforeTheCardIsSent() async throws {
        let fixture = try await PaymentFixture.start()
        let kit = PaymentKit(
            configuration: fixture.configuration, transport: WeakKeyTransport(inner: URLSessionHTTPTransport()))
        let result = await kit.startCardPayment(
            try await fixture.newPayment(), card: PaymentFixture.card(PaymentKitTestCards.frictionless),
            from: .approve)
        #expect(result.outcome == .failed)
        guard case .encryption? = result.error else {
            Issue.record("expected an encryption error, got \(String(describing: result.error))")
            return
        }
        #expect(!fixture.mock.service.journal.contains { $0.operation == "createCardSession" })
        await fixture.stop()
    }

    @Test func theGatewayRefusesTheSameJWETwice() async throws {
        let fixture = try await PaymentFixture.start()
        let captured = Recorder<String?>(nil)
        let kit = PaymentKit(configuration: fixture.configuration, middlewares: [CardCapture(into: captured)])
        let first = await kit.startCardPayment(
            try await fixture.newPayment(), card: PaymentFixture.card(PaymentKitTestCards.frictionless),
            from: .approve)
        #expect(first.outcome == .succeeded)
        let replayed = try #require(captured.value)
        let second = try await fixture.newPayment()
        let request = PaymentKitAPI.CardSessionRequest(
            paymentID: try .init(validating: second.paymentId), verificationKey: second.verificationKey,
            encryptedCard: try .init(validating: replayed))
        do {
            _ = try await fixture.app.createCardSession(request)
            Issue.record("a replayed JWE was accepted")
        } catch {
            #expect(error.kind == .server(code: PaymentKitAPI.ErrorCode.staleCardData.rawValue))
            #expect(!error.description.contains(replayed))
        }
        await fixture.stop()
    }

    @Test func resultsAndErrorsNeverHoldTheCard() async throws {
        let fixture = try await PaymentFixture.start()
        let card = PaymentFixture.card(PaymentKitTestCards.declined)
        let result = await fixture.kit().startCardPayment(try await fixture.newPayment(), card: card, from: .approve)
        var printed = ""
        dump(result, to: &printed)
        dump(card, to: &printed)
        printed += "\(result) \(String(describing: result.error)) \(result.error?.localizedDescription ?? "") \(card)"
        #expect(!printed.contains(PaymentKitTestCards.declined))
        #expect(!fixture.everythingPrinted.contains(PaymentKitTestCards.declined))
        await fixture.stop()
    }
}

/// Answers the key request with an RSA key far too small to use; everything else goes through.
struct WeakKeyTransport: HTTPTransport {
    let inner: any HTTPTransport

    func send(_ request: TransportRequest) async throws(TransportFailure) -> TransportResponse {
        guard request.url.path.hasSuffix("/v1/card-encryption-key") else { return try await inner.send(request) }
        let key = #"{"kty":"RSA","kid":"weak","use":"enc","alg":"RSA-OAEP-256","n":"AQAB","e":"AQAB"}"#
        return TransportResponse(status: 200, headers: ["content-type": "application/json"], body: Data(key.utf8))
    }
}
