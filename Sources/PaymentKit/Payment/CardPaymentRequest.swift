// Hand-written: the seed's request types; the app gets both values from its backend.

/// A payment to pay with a card the app collected. No checkout or return URL: the payer never
/// leaves the app.
public struct CardPaymentRequest: Sendable, Hashable, CustomStringConvertible {
    /// The payment your backend created.
    public var paymentId: String
    /// The payment's verification key from your backend; never printed.
    public var verificationKey: String

    /// A request for the payment `paymentId`, proved by `verificationKey`.
    public init(paymentId: String, verificationKey: String) {
        self.paymentId = paymentId
        self.verificationKey = verificationKey
    }

    public var description: String { "CardPaymentRequest(paymentId: \(paymentId), verificationKey: <redacted>)" }
}

/// A payment to pay on the gateway's hosted page: the same `paymentId` and `verificationKey` as a
/// card payment, so one payment can be paid either way.
public typealias PaymentRequest = CardPaymentRequest
