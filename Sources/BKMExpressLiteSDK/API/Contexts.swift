// Hand-written: the seed's request contexts, with the defaults its samples rely on (`date`,
// `transactionID`) and the encrypted card they carry. `successUrl` and `failUrl` have no invented
// default: unset, they are left off the wire and BKM ends 3-D Secure on its own result page.
import Foundation
import SpecsmithRuntime

extension BKMExpress {
    /// A new card: its encrypted number, expiry date and an optional name.
    public struct StoreCardContext: Sendable {
        /// The card number, encrypted by the card-number field.
        public var number: CardNumber
        /// The month and year printed on the card.
        public var expiryDate: CardExpiryDate
        /// The name the user gives the card, such as "Alışveriş"; `nil` for none.
        public var alias: String?

        /// A new card: its encrypted number, expiry date and optional name.
        public init(number: CardNumber, expiryDate: CardExpiryDate, alias: String? = nil) {
            self.number = number
            self.expiryDate = expiryDate
            self.alias = alias
        }

        func wireCard(for session: CardKey, operation: String) throws(Failure) -> CardInput {
            CardInput(
                number: try number.encrypted(for: session, operation: operation), expiryDate: expiryDate, alias: alias)
        }
    }

    /// A first card to register the phone number with.
    public typealias RegisterContext = StoreCardContext

    /// A payment with a stored card.
    public struct StartPaymentContext: Sendable {
        /// The stored card to pay with.
        public var cardID: Card.ID
        /// The verification the app asks for; the bank may require more (see ``StartPaymentResponse``).
        public var security: PaymentSecurity
        /// The amount to charge: above zero, with at most two decimal places.
        public var amount: Decimal
        /// The merchant's order ID, which BKM and the notification carry back.
        public var orderID: String
        /// When the order was made; now by default.
        public var date: Date
        /// Unique per attempt: sending the same one again never charges twice.
        public var transactionID: UUID
        /// How many installments the payment is split into; 1 for none.
        public var installmentCount: InstallmentCount
        /// Where BKM sends the user's browser, and notifies your backend, when the payment succeeds;
        /// `nil` leaves it off the wire. See ``TDSInfo`` for how an app sees 3-D Secure end.
        public var successUrl: URL?
        /// The same for a failed payment.
        public var failUrl: URL?

        /// A payment with a stored card; `date` and `transactionID` default to now and a fresh ID.
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
        /// The new card: its encrypted number, expiry date and optional name.
        public var card: StoreCardContext
        /// The verification the app asks for; the bank may require more (see ``StartPaymentResponse``).
        public var security: PaymentSecurity
        /// The amount to charge: above zero, with at most two decimal places.
        public var amount: Decimal
        /// The payment's currency.
        public var currencyCode: CurrencyCode
        /// The merchant's order ID, which BKM and the notification carry back.
        public var orderID: String
        /// When the order was made; now by default.
        public var date: Date
        /// Unique per attempt: sending the same one again never charges twice.
        public var transactionID: UUID
        /// How many installments the payment is split into; 1 for none.
        public var installmentCount: InstallmentCount
        /// Where BKM sends the user's browser, and notifies your backend, when the payment succeeds;
        /// `nil` leaves it off the wire. See ``TDSInfo`` for how an app sees 3-D Secure end.
        public var successUrl: URL?
        /// The same for a failed payment.
        public var failUrl: URL?

        /// A payment with a new card; `date` and `transactionID` default to now and a fresh ID.
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
