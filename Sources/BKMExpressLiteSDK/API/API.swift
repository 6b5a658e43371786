// Hand-written: the seed's API object. Each method is a thin layer over a generated client call;
// what is here is the SDK's own behaviour: agreement consent, card encryption, result polling.
import Foundation
import SpecsmithCrypto
import SpecsmithRuntime

extension BKMExpress {
    /// Everything an initialised session can do. Safe to share: calls may run concurrently.
    public final class API: Sendable {
        /// The wire client; its core holds the session token.
        public let client: Client
        public let context: InitializationContext
        let encryptionKey: RSAPublicKey
        private let agreements: [Agreement]
        private let consent = Locked(false)

        /// The API of the most recently initialised session, for card entry without an explicit API.
        static let latest = Locked<API?>(nil)

        init(client: Client, context: InitializationContext, agreements: [Agreement], encryptionKey: RSAPublicKey) {
            self.client = client
            self.context = context
            self.agreements = agreements
            self.encryptionKey = encryptionKey
        }

        // MARK: - Agreements

        /// The agreements to show before adding a card or registering (checkbox for `.agreement`,
        /// notice for `.info`).
        public func pendingAgreements() -> [Agreement] { agreements }

        /// What the single agreement checkbox reports. With consent, the next card or registration
        /// call approves every pending agreement, as section 5.1.2 of the manual says.
        public func setAgreementConsent(_ isSelected: Bool) {
            consent.withLock { $0 = isSelected }
        }

        var approvedAgreements: [Agreement.ID] {
            consent.withLock { $0 } ? agreements.map(\.id) : []
        }

        // MARK: - Wallet

        public func checkStatus() async throws(Failure) -> CheckStatusResponse {
            try await client.checkStatus()
        }

        public func linkAccount() async throws(Failure) -> LinkAccountResponse {
            try await client.linkAccount()
        }

        public func storeCard(context: StoreCardContext) async throws(Failure) -> StoreCardResponse {
            try await client.storeCard(
                StoreCardRequest(
                    card: try context.wireCard(operation: "storeCard"), approvedAgreements: approvedAgreements))
        }

        public func deleteCard(id: Card.ID) async throws(Failure) -> DeleteCardResponse {
            try await client.deleteCard(id: id)
        }

        public func register(context: RegisterContext) async throws(Failure) -> RegisterResponse {
            try await client.register(
                RegisterRequest(
                    card: try context.wireCard(operation: "register"), approvedAgreements: approvedAgreements))
        }

        // MARK: - Payments

        public func startPayment(context: StartPaymentContext) async throws(Failure) -> StartPaymentResponse {
            try await client.startPayment(
                StartPaymentRequest(
                    cardID: context.cardID, security: context.security,
                    amount: try Self.amount(context.amount, "startPayment"),
                    orderID: context.orderID, date: context.date, transactionID: context.transactionID,
                    installmentCount: context.installmentCount, successURL: context.successUrl, failURL: context.failUrl
                ))
        }

        public func startPaymentWithRegisteredCard(context: StartPaymentWithRegisteredCardContext) async throws(Failure)
            -> StartPaymentResponse
        {
            let operation = "startPaymentWithRegisteredCard"
            return try await client.startPaymentWithRegisteredCard(
                StartPaymentWithRegisteredCardRequest(
                    card: try context.card.wireCard(operation: operation), security: context.security,
                    amount: try Self.amount(context.amount, operation), currencyCode: context.currencyCode,
                    orderID: context.orderID, date: context.date, transactionID: context.transactionID,
                    installmentCount: context.installmentCount, successURL: context.successUrl,
                    failURL: context.failUrl,
                    approvedAgreements: approvedAgreements))
        }

        /// The payment's result. With `maxAttempts` above 1, a pending result is asked again, every
        /// `interval`, until it is final or the attempts are used up; the last answer is returned.
        public func controlPayment(token: PaymentToken, maxAttempts: Int = 1, interval: TimeInterval = 2)
            async throws(Failure) -> ControlPaymentResponse
        {
            var attempt = 1
            while true {
                let result = try await client.controlPayment(token: token)
                guard result.status != .completed, attempt < max(1, maxAttempts) else { return result }
                attempt += 1
                do {
                    try await Task.sleep(seconds: interval)
                } catch {
                    throw Failure(
                        ClientFailure(
                            operation: "controlPayment", reason: .transport(.init(.cancelled, detail: "cancelled"))))
                }
            }
        }

        /// An amount as the wire carries it: exact, two digits after the point (bankers' rounding of
        /// anything finer, which a `Decimal` float literal can carry).
        static func amount(_ value: Decimal, _ operation: String) throws(Failure) -> Amount {
            var exact = value
            var rounded = Decimal()
            NSDecimalRound(&rounded, &exact, 2, .bankers)
            do {
                return try Amount(validating: rounded)
            } catch {
                throw Failure(ClientFailure(operation: operation, reason: .invalidRequest(error.description)))
            }
        }
    }
}
