// Hand-written: the seed's API object. Each method is a thin layer over a generated client call;
// what is here is the SDK's own behaviour: agreement consent, card encryption, amount checks, the
// facts a failure keeps, result polling.
import Foundation
import SpecsmithCrypto
import SpecsmithRuntime

extension BKMExpress {
    /// Everything an initialised session can do. Safe to share: calls may run concurrently.
    ///
    /// The wire client, the session token and the initialisation context stay inside: every request
    /// goes through this object, so none can skip the consent and card encryption it adds.
    public final class API: Sendable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
        // MARK: - Stored state

        private let client: Client
        private let context: InitializationContext
        /// The session's card encryption key, with the session's identity.
        let cardKey: CardKey
        private let agreements: Locked<[Agreement]>

        /// The single agreement checkbox of this session (the manual's `BKMExpressAgreementCheckbox` /
        /// `BKMExpressAgreementCheckboxView`, as a headless model). Consent given here belongs to this
        /// session only.
        public let agreementCheckbox = AgreementCheckbox()

        // MARK: - Initialisers

        init(client: Client, context: InitializationContext, agreements: [Agreement], encryptionKey: RSAPublicKey) {
            self.client = client
            self.context = context
            self.agreements = Locked(agreements)
            let registry = SessionRegistry.current
            cardKey = CardKey(sessionID: registry.nextSessionID(), key: encryptionKey)
            registry.register(self)
        }

        // MARK: - Agreements

        /// The agreements still to show before adding a card or registering (checkbox for `.agreement`,
        /// notice for `.info`). Agreements a successful call approved leave the list.
        public func pendingAgreements() -> [Agreement] { agreements.withLock { $0 } }

        /// Ticks or clears ``agreementCheckbox``, as the single checkbox of the manual would.
        public func setAgreementConsent(_ isSelected: Bool) {
            agreementCheckbox.isSelected = isSelected
        }

        /// With consent, every pending agreement is approved by the next card or registration call,
        /// as section 5.1.2 of the manual says.
        private var approvedAgreements: [Agreement.ID] {
            agreementCheckbox.isSelected ? pendingAgreements().map(\.id) : []
        }

        /// Runs a call that carries the approvals; on success they leave the pending list, and a
        /// MISSED_MANDATORY_AGREEMENT (36) answer puts the checkbox in its error look.
        private func withConsent<Response>(
            _ approved: [Agreement.ID], _ call: () async throws(Failure) -> Response
        ) async throws(Failure) -> Response {
            do {
                let response = try await call()
                if !approved.isEmpty {
                    agreements.withLock { pending in pending.removeAll { approved.contains($0.id) } }
                }
                return response
            } catch {
                if error.code == .missedMandatoryAgreement { agreementCheckbox.showError() }
                throw error
            }
        }

        /// Runs a client call and gives its failure the facts of ``Failure/keepingFacts(hiding:)``.
        private func call<Response>(_ body: () async throws(Failure) -> Response) async throws(Failure) -> Response {
            do {
                return try await body()
            } catch {
                throw error.keepingFacts(hiding: context.gsmNo.rawValue)
            }
        }

        // MARK: - Wallet

        /// The wallet's status: `.linked(cards)`, `.unlinked` or `.unregistered`.
        public func checkStatus() async throws(Failure) -> CheckStatusResponse {
            try await call { () async throws(Failure) in try await client.checkStatus() }
        }

        /// Links the wallet to the merchant: `.recheck`, or `.verificationRequired(LinkOTP)`.
        public func linkAccount() async throws(Failure) -> LinkAccountResponse {
            try await call { () async throws(Failure) in try await client.linkAccount() }
        }

        /// Adds a card: `.added(cards)`, or `.verificationRequired(StoreCardOTP)`.
        public func storeCard(context: StoreCardContext) async throws(Failure) -> StoreCardResponse {
            let card = try context.wireCard(for: cardKey, operation: "storeCard")
            let approved = approvedAgreements
            return try await withConsent(approved) { () async throws(Failure) in
                try await call { () async throws(Failure) in
                    try await client.storeCard(StoreCardRequest(card: card, approvedAgreements: approved))
                }
            }
        }

        /// Deletes a card: `.cardDeleted(cards)`, or `.accountDeleted` after the last one.
        public func deleteCard(id: Card.ID) async throws(Failure) -> DeleteCardResponse {
            try await call { () async throws(Failure) in try await client.deleteCard(id: id) }
        }

        /// Registers the phone number with a first card: `.verificationRequired(RegisterOTP)`.
        public func register(context: RegisterContext) async throws(Failure) -> RegisterResponse {
            let card = try context.wireCard(for: cardKey, operation: "register")
            let approved = approvedAgreements
            return try await withConsent(approved) { () async throws(Failure) in
                try await call { () async throws(Failure) in
                    try await client.register(RegisterRequest(card: card, approvedAgreements: approved))
                }
            }
        }

        // MARK: - Payments

        /// Starts a payment with a stored card: `.tds`, `.otp` or `.control`, whatever `security` asked.
        /// - Throws: `.invalidRequest` before anything is sent when the amount is not positive or has
        ///   more than two decimal places.
        public func startPayment(context: StartPaymentContext) async throws(Failure) -> StartPaymentResponse {
            let request = StartPaymentRequest(
                cardID: context.cardID, security: context.security,
                amount: try Self.amount(context.amount, "startPayment"),
                orderID: context.orderID, date: context.date, transactionID: context.transactionID,
                installmentCount: context.installmentCount, successURL: context.successUrl, failURL: context.failUrl)
            return try await call { () async throws(Failure) in try await client.startPayment(request) }
        }

        /// Starts a payment with a new card and stores the card: answers like ``startPayment(context:)``.
        /// - Throws: `.invalidRequest` before anything is sent for an amount ``startPayment(context:)`` refuses.
        public func startPaymentWithRegisteredCard(context: StartPaymentWithRegisteredCardContext) async throws(Failure)
            -> StartPaymentResponse
        {
            let operation = "startPaymentWithRegisteredCard"
            let amount = try Self.amount(context.amount, operation)
            let card = try context.card.wireCard(for: cardKey, operation: operation)
            let approved = approvedAgreements
            let request = StartPaymentWithRegisteredCardRequest(
                card: card, security: context.security, amount: amount, currencyCode: context.currencyCode,
                orderID: context.orderID, date: context.date, transactionID: context.transactionID,
                installmentCount: context.installmentCount, successURL: context.successUrl,
                failURL: context.failUrl, approvedAgreements: approved)
            return try await withConsent(approved) { () async throws(Failure) in
                try await call { () async throws(Failure) in try await client.startPaymentWithRegisteredCard(request) }
            }
        }

        /// The payment's result. With `maxAttempts` above 1, a pending result is asked again, every
        /// `interval` seconds, until it is final or the attempts are used up; the last answer is returned.
        public func controlPayment(token: PaymentToken, maxAttempts: Int = 1, interval: TimeInterval = 2)
            async throws(Failure) -> ControlPaymentResponse
        {
            var attempt = 1
            while true {
                let result = try await call { () async throws(Failure) in try await client.controlPayment(token: token)
                }
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

        // MARK: - Printing

        /// What the session is, without its token, client or context.
        public var description: String {
            "BKMExpress.API(\(pendingAgreements().count) pending agreement(s), checkbox \(agreementCheckbox.state))"
        }

        public var debugDescription: String { description }

        public var customMirror: Mirror {
            Mirror(
                self,
                children: ["pendingAgreements": pendingAgreements(), "agreementCheckbox": agreementCheckbox.state])
        }
    }
}

extension BKMExpress.Failure {
    /// This failure with `gsm` masked in every text it holds: the guard masks the number in the
    /// server's message, and this catches it in any other text a failure was made from.
    func keepingFacts(hiding gsm: String) -> Self {
        guard !gsm.isEmpty else { return self }
        var failure = self
        let masked = BKMExpress.SessionGuard.masked(gsm)
        failure.message = failure.message.replacingOccurrences(of: gsm, with: masked)
        failure.detail = failure.detail.replacingOccurrences(of: gsm, with: masked)
        return failure
    }
}
