// Hand-written: the body BKM posts to a merchant's successUrl or failUrl is not an endpoint of the
// spec (BKM calls the merchant, not the other way round), so the generated mock cannot offer it.
import BKMExpressLiteSDK
import Foundation
@_spi(Generated) import SpecsmithRuntime

extension BKMExpressMockServer {
    /// The JSON body BKM posts to the merchant's `successUrl` or `failUrl` for `notification`,
    /// encoded as the service encodes it (amounts with their two decimals), for a merchant
    /// backend's tests.
    ///
    /// - Throws: `EncodingError` when a value cannot be written as JSON.
    public static func notificationBody(for notification: BKMExpress.PaymentNotification) throws -> Data {
        try WireCoding.encode(notification)
    }
}
