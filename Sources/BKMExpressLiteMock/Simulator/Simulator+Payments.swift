// Hand-written: payments, their OTPs and results, and the 3-D Secure pages of the "issuer".
import BKMExpressLiteSDK
import Foundation
import SpecsmithMock

extension BKMExpressSimulator {
    func isPayment(_ purpose: SimulatorState.OTPPurpose) -> Bool { if case .payment = purpose { true } else { false } }

    /// Starts a payment with `card` and decides how it continues. Same transaction, same answer.
    func start(
        transaction: UUID, card: SimulatorState.StoredCard, security: BKMExpress.PaymentSecurity,
        amount: BKMExpress.Amount,
        orderID: String, installments: Int, successURL: URL?, failURL: URL?, gsm: String, session: String,
        in state: inout SimulatorState
    ) -> BKMExpress.StartPaymentResponse {
        if let earlier = state.transactions[transaction] { return earlier }
        let token = state.nextID("pt")
        let paymentToken = BKMExpress.PaymentToken(rawValue: token)!
        var payment = SimulatorState.Payment(
            token: token, orderID: orderID, amount: amount.rawValue, card: card.card, security: security,
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

    /// Ends a payment: approved unless the order ID asks for a decline.
    func complete(_ payment: inout SimulatorState.Payment, approved: Bool) {
        payment.approved = approved && !payment.orderID.hasPrefix(BKMExpressTestData.declinedOrderPrefix)
        payment.completedAt = Date()
    }

    public func startPayment(_ request: BKMExpress.StartPaymentRequest, context: MockRequest) async throws(MockFailure)
        -> BKMExpress.StartPaymentResponse
    {
        let gsm = try session(context).gsm
        let outcome = state.withLock { state -> BKMExpress.StartPaymentResponse? in
            guard let card = state.wallets[gsm]?.cards.first(where: { $0.card.id == request.cardID }) else {
                return nil
            }
            return start(
                transaction: request.transactionID, card: card, security: request.security, amount: request.amount,
                orderID: request.orderID, installments: request.installmentCount.rawValue,
                successURL: request.successURL,
                failURL: request.failURL, gsm: gsm, session: sessionToken(context), in: &state)
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
                orderID: request.orderID, installments: request.installmentCount.rawValue,
                successURL: request.successURL,
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

    // MARK: - 3-D Secure pages

    /// The form `TDSInfo.htmlForm` carries: named `bkmForm`, posting to the issuer's page, submitted on load.
    static func autoSubmittingForm(action: URL, token: String) -> String {
        """
        <html><body onload="document.bkmForm.submit()"><form name="bkmForm" method="post" action="\(action.absoluteString)">\
        <input type="hidden" name="paymentToken" value="\(token)"></form></body></html>
        """
    }

    /// The issuer's page under `/3ds/<token>`: GET (or the form's first POST) shows approve and deny;
    /// a POST with `result=approve` or `result=deny` completes authentication and redirects to
    /// `successUrl` or `failUrl`.
    func threeDSecurePage(_ request: MockRequest) -> MockResponse {
        if request.path == "/3ds/result" { return resultPage(request) }
        let token = String(request.path.dropFirst("/3ds/".count))
        guard state.withLock({ $0.payments[token] }) != nil else {
            return MockResponse(
                status: 404, headers: ["content-type": "text/html"], body: Data("<html>Unknown payment</html>".utf8))
        }
        let form =
            URLComponents(string: "http://form/?" + String(decoding: request.body, as: UTF8.self))?.queryItems ?? []
        let result = form.first { $0.name == "result" }?.value
        guard request.method == "POST", result == "approve" || result == "deny" else {
            let page = """
                <html><body><h1>TESTBANK 3-D Secure</h1>\
                <form method="post"><input type="hidden" name="result" value="approve"><button>Onayla</button></form>\
                <form method="post"><input type="hidden" name="result" value="deny"><button>Reddet</button></form></body></html>
                """
            return MockResponse(
                status: 200, headers: ["content-type": "text/html; charset=utf-8"], body: Data(page.utf8))
        }
        let destination = state.withLock { state -> URL? in
            guard var payment = state.payments[token] else { return nil }
            if payment.approved == nil { complete(&payment, approved: result == "approve") }
            state.payments[token] = payment
            let approved = payment.approved == true
            return (approved ? payment.successURL : payment.failURL) ?? resultPageURL(token: token, approved: approved)
        }
        return MockResponse(status: 302, headers: ["location": destination?.absoluteString ?? "/"], body: Data())
    }

    /// Where 3-D Secure ends when the payment named no `successUrl` / `failUrl`: the mock's own
    /// result page, `/3ds/result?status=approved|declined&paymentToken=…`.
    func resultPageURL(token: String, approved: Bool) -> URL? {
        var components = URLComponents(
            url: baseURL.appendingPathComponent("3ds/result"), resolvingAgainstBaseURL: false)
        components?.queryItems = [
            URLQueryItem(name: "status", value: approved ? "approved" : "declined"),
            URLQueryItem(name: "paymentToken", value: token),
        ]
        return components?.url
    }

    /// The result page: what the user sees when 3-D Secure ends without a merchant page, and the
    /// address a web view watches for.
    func resultPage(_ request: MockRequest) -> MockResponse {
        let status = request.query["status"]
        let token = request.query["paymentToken"] ?? ""
        let known = state.withLock { $0.payments[token]?.approved } != nil
        guard known, status == "approved" || status == "declined" else {
            return MockResponse(
                status: 404, headers: ["content-type": "text/html; charset=utf-8"],
                body: Data("<html><body><h1>Ödeme bulunamadı</h1></body></html>".utf8))
        }
        let heading = status == "approved" ? "Ödeme onaylandı" : "Ödeme reddedildi"
        let page = """
            <html><head><meta charset="utf-8"><title>\(heading)</title></head><body>\
            <h1 id="status">\(heading)</h1><p>Ödeme: <span id="paymentToken">\(token)</span></p>\
            <p>Uygulamaya dönebilirsiniz.</p></body></html>
            """
        return MockResponse(status: 200, headers: ["content-type": "text/html; charset=utf-8"], body: Data(page.utf8))
    }
}
