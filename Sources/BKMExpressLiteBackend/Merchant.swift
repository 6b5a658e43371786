import BKMExpressLiteSDK
// Hand-written: the merchant backend's side, which signs its requests with its private key. The
// endpoint (a backendOnly one, so in this backend module's BackendClient, never in the app's SDK) and
// its models are generated; signing is what the spec cannot do.
import Foundation
import SpecsmithCrypto
@_spi(Generated) import SpecsmithRuntime

extension BKMExpress {
    /// For the merchant's backend (never the app): obtains auth tokens for `initialize`, signed with
    /// the merchant's RSA private key, and reads payment notifications.
    public struct Merchant: Sendable {
        /// The merchant's ID at BKM, which every token request names.
        public let merchantID: String
        private let privateKey: RSAPrivateKey
        /// The generated backend client the merchant endpoints are called with.
        public let client: BackendClient

        /// A merchant backend that signs its token requests with `privateKey`.
        ///
        /// - Parameters:
        ///   - merchantID: The merchant's ID at BKM.
        ///   - privateKey: The merchant's RSA private key; it never leaves the backend.
        ///   - mode: The environment whose merchant API to call.
        ///   - transport: How requests travel; `URLSessionHTTPTransport` unless you bring another.
        public init(
            merchantID: String, privateKey: RSAPrivateKey, mode: Mode,
            transport: any HTTPTransport = URLSessionHTTPTransport()
        ) {
            self.merchantID = merchantID
            self.privateKey = privateKey
            client = BackendClient(environment: mode.environment, transport: transport)
        }

        /// The text a token request signs: `merchantId|merchantUserId|timestamp`.
        public static func signedText(merchantID: String, merchantUserID: String, timestamp: Date) -> String {
            "\(merchantID)|\(merchantUserID)|\(WireCoding.formatDate(timestamp))"
        }

        /// An auth token for `merchantUserID`'s session.
        public func issueAuthToken(for merchantUserID: String, at timestamp: Date = Date()) async throws(Failure)
            -> MerchantTokenResponse
        {
            let text = Self.signedText(merchantID: merchantID, merchantUserID: merchantUserID, timestamp: timestamp)
            let signature: Data
            do {
                signature = try privateKey.sign(Data(text.utf8))
            } catch {
                throw Failure(
                    kind: .encryption, message: Failure.messages.encryption, operation: "issueAuthToken",
                    detail: "issueAuthToken failed: cannot sign: \(error)")
            }
            return try await client.issueAuthToken(
                MerchantTokenRequest(
                    merchantID: merchantID, merchantUserID: merchantUserID, timestamp: timestamp,
                    signature: signature.base64EncodedString()))
        }

        /// Reads the JSON body BKM posts to `successUrl` or `failUrl`.
        public static func notification(from body: Data) throws(Failure) -> PaymentNotification {
            do {
                return try WireCoding.decode(PaymentNotification.self, from: body)
            } catch {
                throw Failure(ClientFailure(operation: "paymentNotification", reason: .malformedResponse("\(error)")))
            }
        }
    }
}
