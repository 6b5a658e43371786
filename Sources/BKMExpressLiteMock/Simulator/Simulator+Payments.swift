// Hand-written: payments, their OTPs and results (the 3-D Secure pages are Simulator+ThreeDSecurePages.swift).
import BKMExpressLiteSDK
import Foundation
import SpecsmithMock

extension BKMExpressSimulator {
    func isPayment(_ purpose: SimulatorState.OTPPurpose) -> Bool { if case .payment = purpose { true } else { false } }

    /// Starts a payment with `card` and decides how it continues. Same transaction, same answer.
    func start(
        transaction: UUID, card: SimulatorState.StoredCard, security: BKMExpress.PaymentSecurity,
        amount: BKMExpress.Amount, currency: String,
        orderID: String, installments: Int, successURL: URL?, failURL: URL?, gsm: String, session: String,
        in state: inout SimulatorState
    ) -> BKMExpress.StartPaymentResponse {
        if let earlier = state.transactions[transaction] { return earlier }
        let token = state.nextID("pt")
        let paymentToken = BKMExpress.PaymentToken(rawValue: token)!
        var payment = SimulatorState.Payment(
            token: token, orderID: orderID, amount: amount.rawValue, currency: currency, card: card.card,
            security: security,
            successURL: successURL, failURL: failURL, session: session, installment: installments, startedAt: Date())
        let needs3DS = amount.rawValue >= BKMExpressTestData.threeDSecureThreshold || security == .tds
        let response: BKMExpress.StartPaymentResponse
        if needs3DS {
            payment.security = .tds
            let tdsURL = baseURL.appendingPathComponent("3ds/\(token)")
            response = .tds(
                BKMExpress.TDSInfo(
                    htmlForm: Self.autoSubmittingForm(action: tdsURL, token: token), tdsURL: tdsURL, orderID: orderID,
                    paymentToken: paymentToken, success: true))
        } else if security == .otp {
            response = .otp(
                BKMExpress.PaymentOTP(info: newOTP(.payment(token: token), gsm: gsm, session: session, in: &state)))
        } else {
            complete(&payment, approved: true)
            response = .control(paymentToken)
        }
        state.payments[token] = payment
        state.transactions[transaction] = response
        return response
    }

    /// Ends a payment: approved when the customer approved, unless the order ID asks the bank to decline.
    func complete(_ payment: inout SimulatorState.Payment, approved: Bool) {
        let bankDeclines = payment.orderID.hasPrefix(BKMExpressTestData.declinedOrderPrefix)
        payment.approved = approved && !bankDeclines
        payment.decline = !approved ? .customerDenied : bankDeclines ? .bankDeclined : nil
        payment.completedAt = Date()
    }

    public func startPayment(_ request: BKMExpress.StartPaymentRequest, context: MockRequest) async throws(MockFailure)
        -> BKMExpress.StartPaymentResponse
    {
        let current = try session(context)
        let outcome = state.withLock { state -> BKMExpress.StartPaymentResponse? in
            guard let card = state.wallets[current.gsm]?.cards.first(where: { $0.card.id == request.cardID }) else {
                return nil
            }
            return start(
                transaction: request.transactionID, card: card, security: request.security, amount: request.amount,
                currency: current.currency, orderID: request.orderID, installments: request.installmentCount.rawValue,
                successURL: request.successURL,
                failURL: request.failURL, gsm: current.gsm, session: sessionToken(context), in: &state)
        }
        guard let outcome else { throw failure(.cardNotFound) }
        return outcome
    }

    public func startPaymentWithRegisteredCard(
        _ request: BKMExpress.StartPaymentWithRegisteredCardRequest, context: MockRequest
    ) async throws(MockFailure) -> BKMExpress.StartPaymentResponse {
        let gsm = try session(context).gsm
        guard BKMExpressTestData.supportedCurrencies.contains(request.currencyCode.rawValue) else {
            throw failure(.invalidCurrency)
        }
        if let earlier = state.withLock({ $0.transactions[request.transactionID] }) { return earlier }
        try requireConsent(request.approvedAgreements, context)
        let digits = try digits(of: request.card)
        return state.withLock { state in
            let card = storedCard(digits, alias: request.card.alias, in: &state)
            var wallet = state.wallets[gsm] ?? SimulatorState.Wallet(registered: true, linked: true, cards: [])
            wallet.registered = true
            wallet.linked = true
            wallet.cards.append(card)
            state.wallets[gsm] = wallet
            return start(
                transaction: request.transactionID, card: card, security: request.security, amount: request.amount,
                currency: request.currencyCode.rawValue, orderID: request.orderID,
                installments: request.installmentCount.rawValue, successURL: request.successURL,
                failURL: request.failURL, gsm: gsm, session: sessionToken(context), in: &state)
        }
    }

    public func verifyPaymentOTP(_ request: BKMExpress.OTPVerification, context: MockRequest) async throws(MockFailure)
        -> BKMExpress.PaymentVerificationResult
    {
        _ = try session(context)
        guard case let .payment(token) = try verify(request, context: context, kind: isPayment) else {
            throw failure(.otpExpired)
        }
        state.withLock { state in
            guard var payment = state.payments[token] else { return }
            complete(&payment, approved: true)
            state.payments[token] = payment
        }
        return BKMExpress.PaymentVerificationResult(paymentToken: BKMExpress.PaymentToken(rawValue: token)!)
    }

    public func resendPaymentOTP(_ request: BKMExpress.OTPResend, context: MockRequest) async throws(MockFailure)
        -> BKMExpress.OTPInfo
    {
        _ = try session(context)
        return try resend(request, context: context, kind: isPayment)
    }

    public func controlPayment(token: BKMExpress.PaymentToken, context: MockRequest) async throws(MockFailure)
        -> BKMExpress.ControlPaymentResponse
    {
        _ = try session(context)
        guard let payment = state.withLock({ $0.payments[token.rawValue] }), payment.session == sessionToken(context)
        else { throw failure(.paymentNotFound) }
        guard let approved = payment.approved else {
            return BKMExpress.ControlPaymentResponse(
                status: .pending, success: false, message: "İşlem devam ediyor", code: "PENDING",
                orderID: payment.orderID)
        }
        return BKMExpress.ControlPaymentResponse(
            status: .completed, success: approved, message: approved ? "Onaylandı" : "Reddedildi",
            code: approved ? "00" : "05",
            orderID: payment.orderID, successAmount: approved ? BKMExpress.Amount(rawValue: payment.amount) : nil,
            authCode: approved ? "123456" : nil, hostRefCode: "HRC\(payment.token.count)",
            hostRefNum: "6123456789\(payment.installment)",
            posResponseMessage: approved ? "Approved" : "Declined", procReturnCode: approved ? "00" : "05",
            secureType: payment.security == .tds ? "3D" : payment.security == .otp ? "OTP" : "NONE",
            transactionType: "Auth",
            installment: payment.installment, terminalInformation: "TERM-01",
            cardBrand: payment.card.bankInformation.cardBrand,
            cardType: payment.card.bankInformation.cardType, cardNumber: payment.card.maskedCardNumber,
            bankTransactionID: "BT-\(payment.token)", bankTransactionDate: payment.completedAt,
            transactionDate: payment.startedAt,
            paymentID: "pay_\(payment.token)")
    }
}
