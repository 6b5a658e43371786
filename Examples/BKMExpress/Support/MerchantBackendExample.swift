// The merchant's backend: it signs in with its private key to get the app's auth token, reads the
// notification BKM posts to successUrl or failUrl through the spec's PaymentNotification, and
// confirms the payment's result itself (manual sections 4.1 and 7.5).
import BKMExpressLiteBackend
import BKMExpressLiteMock
import BKMExpressLiteSDK
import ExampleNarration
import Foundation
import SpecsmithCrypto
import SpecsmithRuntime

public enum MerchantBackendExample {
    public static func run(_ run: ExampleRun) async throws {
        step("The backend signs \"merchantId|merchantUserId|timestamp\" with its RSA key (RSA-SHA256)")
        // snippet: issue-token
        let merchant = BKMExpress.Merchant(
            merchantID: BKMExpressTestData.merchantID,
            privateKey: try RSAPrivateKey(pem: BKMExpressTestData.merchantPrivateKeyPEM),
            mode: run.mode)
        let issued: BKMExpress.MerchantTokenResponse
        do {
            issued = try await merchant.issueAuthToken(for: "customer-42")
            say("issueAuthToken → a token for the app, valid for a few minutes")
        } catch {
            tell(error)
            say("the backend answers the app with an error; the app offers to try again later")
            return
        }
        // snippet: end

        step("The app initialises with that token and pays")
        // snippet: initialize-with-token
        let api = try await BKMExpress.initialize(
            context: .init(
                authToken: issued.authToken, merchantID: merchant.merchantID, merchantUserID: "customer-42",
                gsmNo: try .init(BKMExpressTestData.linkedGSM), currencyCode: "TRY", mode: run.mode))
        // snippet: end
        guard let card = WalletExample.cardList(try await api.checkStatus()).first else {
            say("no card: the app shows the add-card screen")
            return
        }
        let transactionID = UUID()
        let amount = Decimal(string: "42.50")!
        let response = try await api.startPayment(
            context: .init(
                cardID: card.id, security: .none, amount: amount, orderID: "ORDER_B2B_1",
                transactionID: transactionID, installmentCount: .init(1)!))
        let token: BKMExpress.PaymentToken
        switch response {
        case let .control(control): token = control
        case let .otp(otp): token = try await otp.verify(code: BKMExpressTestData.otpCode)
        case let .tds(tds):
            _ = try await BKMExpressMockServer.completeThreeDSecure(at: tds.tdsURL, approve: true)
            token = tds.paymentToken
        }

        step("BKM posts the notification to successUrl; the backend decodes it with the spec's type")
        let posted = try BKMExpressMockServer.notificationBody(
            for: BKMExpress.PaymentNotification(
                orderID: "ORDER_B2B_1", paymentToken: token, transactionID: transactionID, success: true,
                amount: try BKMExpress.Amount(validating: amount), code: "00", message: "Onaylandı"))
        say(
            "body: \(String(decoding: posted, as: UTF8.self).replacingOccurrences(of: transactionID.uuidString, with: "<transactionId>"))"
        )
        // snippet: notification
        let notification: BKMExpress.PaymentNotification
        do {
            notification = try BKMExpress.Merchant.notification(from: posted)
        } catch {
            say("not a notification (\(error.detail)): the backend answers 400 and waits for BKM to retry")
            return
        }

        step("The backend trusts controlPayment, not the notification")
        let confirmed = try await api.controlPayment(token: notification.paymentToken)
        switch (notification.success, confirmed.success) {
        case (true, true): say("both say approved for \(confirmed.orderID): ship the order")
        case (false, false): say("both say declined for \(confirmed.orderID): cancel the order")
        case (true, false), (false, true):
            say("they disagree for \(confirmed.orderID): controlPayment wins (\(confirmed.success)); flag for review")
        }
        // snippet: end
    }
}
