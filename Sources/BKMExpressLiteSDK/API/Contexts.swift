// Hand-written: the seed's request contexts, with the defaults its samples rely on (`date`,
// `transactionID`) and the encrypted card they carry. `successUrl` and `failUrl` have no invented
// default: unset, they are left off the wire and BKM ends 3-D Secure on its own result page.
import Foundation
import SpecsmithRuntime

extension BKMExpress {
    /// A new card: its encrypted number, expiry date and an optional name.
    public struct StoreCardContext: Sendable {
        public var number: CardNumber
        public var expiryDate: CardExpiryDate
        public var alias: String?

        public init(number: CardNumber, expiryDate: CardExpiryDate, alias: String? = nil) {
            self.number = number
            self.expiryDate = expiryDate
            self.alias = alias
        }

        func wireCard(operation: String) throws(Failure) -> CardInput {
            CardInput(number: try number.encrypted(operation: operation), expiryDate: expiryDate, alias: alias)
        }
    }

    /// A first card to register the phone number with.
    public typealias RegisterContext = StoreCardContext

    /// A payment with a stored card.
    public struct StartPaymentContext: Sendable {
        public var cardID: Card.ID
        public var security: PaymentSecurity
        public var amount: Decimal
        public var orderID: String
        public var date: Date
        /// Unique per attempt: sending the same one again never charges twice.
        public var transactionID: UUID
        public var installmentCount: InstallmentCount
        /// Where BKM sends the user's browser, and notifies your backend, when the payment succeeds;
        /// `nil` leaves it off the wire. See ``TDSInfo`` for how an app sees 3-D Secure end.
        public var successUrl: URL?
        /// The same for a failed payment.
        public var failUrl: URL?

        public init(
            cardID: Card.ID, security: PaymentSecurity, amount: Decimal, orderID: String, date: Date = Date(),
            transactionID: UUID = UUID(), installmentCount: InstallmentCount, successUrl: URL? = nil,
            failUrl: URL? = nil
        ) {
            self.cardID = cardID
            self.security = security
            self.amount = amount
            self.orderID = orderID
            self.date = date
            self.transactionID = transactionID
            self.installmentCount = installmentCount
            self.successUrl = successUrl
            self.failUrl = failUrl
        }
    }

    /// A payment with a new card, which is stored in the wallet too.
    public struct StartPaymentWithRegisteredCardContext: Sendable {
        public var card: StoreCardContext
        public var security: PaymentSecurity
        public var amount: Decimal
        public var currencyCode: CurrencyCode
        public var orderID: String
        public var date: Date
        public var transactionID: UUID
        public var installmentCount: InstallmentCount
        /// Where BKM sends the user's browser, and notifies your backend, when the payment succeeds;
        /// `nil` leaves it off the wire. See ``TDSInfo`` for how an app sees 3-D Secure end.
        public var successUrl: URL?
        /// The same for a failed payment.
        public var failUrl: URL?

        public init(
            card: StoreCardContext, security: PaymentSecurity, amount: Decimal, currencyCode: CurrencyCode,
            orderID: String, date: Date = Date(), transactionID: UUID = UUID(), installmentCount: InstallmentCount,
            successUrl: URL? = nil, failUrl: URL? = nil
        ) {
            self.card = card
            self.security = security
            self.amount = amount
            self.currencyCode = currencyCode
            self.orderID = orderID
            self.date = date
            self.transactionID = transactionID
            self.installmentCount = installmentCount
            self.successUrl = successUrl
            self.failUrl = failUrl
        }
    }
}
