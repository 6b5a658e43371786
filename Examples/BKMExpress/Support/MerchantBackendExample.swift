// The merchant's backend: it signs in with its private key to get the app's auth token, and later
// confirms the payment's result itself (manual sections 4.1 and 7.5).
import BKMExpressLiteMock
import BKMExpressLiteSDK
import Foundation
import SpecsmithCrypto

public enum MerchantBackendExample {
    public static func run(_ run: ExampleRun) async throws {
        step("The backend signs \"merchantId|merchantUserId|timestamp\" with its RSA key (RSA-SHA256)")
        // snippet: issue-token
        let merchant = BKMExpress.Merchant(
            merchantID: BKMExpressTestData.merchantID,
            privateKey: try RSAPrivateKey(pem: BKMExpressTestData.merchantPrivateKeyPEM),
            mode: run.mode)
        let issued = try await merchant.issueAuthToken(for: "customer-42")
        // snippet: end
        say("issueAuthToken → a token valid until \(issued.expiresAt)")

        step("The app initialises with that token and pays")
        // snippet: initialize-with-token
        let api = try await BKMExpress.initialize(
            context: .init(
                authToken: issued.authToken, merchantID: merchant.merchantID, merchantUserID: "customer-42",
                gsmNo: try .init(BKMExpressTestData.linkedGSM), currencyCode: "TRY", mode: run.mode))
        // snippet: end
        guard case let .linked(cards) = try await api.checkStatus(), let card = cards.first else {
            throw ExampleError("no card")
        }
        guard
            case let .control(token) = try await api.startPayment(
                context: .init(
                    cardID: card.id, security: .none, amount: 42.50, orderID: "ORDER_B2B_1", installmentCount: .init(1)!
                ))
        else { throw ExampleError("expected .control") }

        step("BKM notifies successUrl; the backend reads the notification and confirms with controlPayment")
        let body = Data(
            #"{"orderId":"ORDER_B2B_1","paymentToken":"\#(token.rawValue)","transactionId":"6f1c2a9e-3b4d-4e5f-8a7b-9c0d1e2f3a4b","success":true,"amount":42.50,"code":"00","message":"Onaylandı"}"#
                .utf8)
        // snippet: notification
        let notification = try BKMExpress.Merchant.notification(from: body)
        let confirmed = try await api.controlPayment(token: notification.paymentToken)
        // snippet: end
        say(
            "notification says \(notification.success); controlPayment says \(confirmed.success) for \(confirmed.orderID)"
        )
        try expect(confirmed.success == notification.success, "the notification and the result disagree")
    }
}
