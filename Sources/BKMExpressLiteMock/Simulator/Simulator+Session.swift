// Hand-written: sessions — the merchant's token endpoint and initialize.
import BKMExpressLiteBackend
import BKMExpressLiteSDK
import Foundation
import SpecsmithMock
import SpecsmithRuntime

extension BKMExpressSimulator {
    public func issueAuthToken(_ request: BKMExpress.MerchantTokenRequest, context: MockRequest)
        async throws(MockFailure)
        -> BKMExpress.MerchantTokenResponse
    {
        let text = BKMExpress.Merchant.signedText(
            merchantID: request.merchantID, merchantUserID: request.merchantUserID, timestamp: request.timestamp)
        guard request.merchantID == BKMExpressTestData.merchantID, abs(request.timestamp.timeIntervalSinceNow) < 300,
            let signature = Data(base64Encoded: request.signature),
            (try? merchantKey.isValidSignature(signature, for: Data(text.utf8))) == true
        else { throw failure(.invalidMerchantSignature) }
        let expiresAt = Date().addingTimeInterval(600)
        let token = state.withLock { state -> String in
            let token = state.nextID("bexm") + "_" + UUID().uuidString.lowercased()
            state.issuedTokens[token] = expiresAt
            return token
        }
        return BKMExpress.MerchantTokenResponse(authToken: token, expiresAt: expiresAt)
    }

    public func initialize(_ request: BKMExpress.InitializeRequest, context: MockRequest) async throws(MockFailure)
        -> BKMExpress.InitializeResponse
    {
        let issued = state.withLock { $0.issuedTokens[request.authToken] }
        guard request.authToken.hasPrefix(BKMExpressTestData.testTokenPrefix) || (issued.map { $0 > Date() } ?? false)
        else {
            throw failure(.invalidSession)
        }
        guard BKMExpressTestData.supportedCurrencies.contains(request.currencyCode) else {
            throw failure(.invalidCurrency)
        }
        let expiresAt = Date().addingTimeInterval(BKMExpressTestData.sessionLifetime)
        let token = state.withLock { state -> String in
            let token = state.nextID("bexc") + "_" + UUID().uuidString.lowercased()
            state.sessions[token] = SimulatorState.Session(
                gsm: request.gsmNo.rawValue, currency: request.currencyCode, expiresAt: expiresAt)
            return token
        }
        let der = (try? cardKey.publicKey.der()) ?? Data()
        return BKMExpress.InitializeResponse(
            connectionToken: token, expiresAt: expiresAt, agreements: Self.agreements(),
            encryptionKey: BKMExpress.EncryptionKey(
                keyID: cardKey.keyID ?? "mock", publicKey: der.base64EncodedString()))
    }
}
