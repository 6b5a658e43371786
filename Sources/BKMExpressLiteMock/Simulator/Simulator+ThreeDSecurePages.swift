// Hand-written: the 3-D Secure pages of the mock "issuer", TESTBANK, in Turkish as BKM's are. Built on
// SpecsmithMock's TestPage, so they work in a phone's web view: one column, large buttons, the amount
// in its currency, and the card only as the masked number BKM itself shows.
import BKMExpressLiteSDK
import Foundation
import SpecsmithMock

extension BKMExpressSimulator {
    /// The form `TDSInfo.htmlForm` carries: named `bkmForm`, posting to the issuer's page, submitted on
    /// load. Without script, its Devam button submits it.
    static func autoSubmittingForm(action: URL, token: String) -> String {
        """
        <html><head><meta name="viewport" content="width=device-width, initial-scale=1"></head>\
        <body onload="document.bkmForm.submit()"><form name="bkmForm" method="post" action="\(action.absoluteString)">\
        <input type="hidden" name="paymentToken" value="\(HTMLText.escape(token))">\
        <noscript><button style="min-height:48px;width:100%">Devam</button></noscript></form></body></html>
        """
    }

    /// The issuer's page under `/3ds/<token>`: GET (or the form's first POST) shows approve and deny;
    /// a POST with `result=approve` or `result=deny` completes authentication and redirects to
    /// `successUrl` or `failUrl`.
    func threeDSecurePage(_ request: MockRequest) -> MockResponse {
        if request.path == "/3ds/result" { return resultPage(request) }
        let token = String(request.path.dropFirst("/3ds/".count))
        guard let payment = state.withLock({ $0.payments[token] }) else { return Self.unknownPaymentPage() }
        let form =
            URLComponents(string: "http://form/?" + String(decoding: request.body, as: UTF8.self))?.queryItems ?? []
        let result = form.first { $0.name == "result" }?.value
        guard request.method == "POST", result == "approve" || result == "deny" else {
            return Self.challengePage(payment)
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
    /// address a web view watches for. A declined payment says why.
    func resultPage(_ request: MockRequest) -> MockResponse {
        let status = request.query["status"]
        let token = request.query["paymentToken"] ?? ""
        guard let payment = state.withLock({ $0.payments[token] }), payment.approved != nil,
            status == "approved" || status == "declined"
        else { return Self.unknownPaymentPage() }
        let approved = status == "approved"
        let message =
            approved
            ? #"<p id="message" class="message success" role="status">Ödeme alındı.</p>"#
            : #"<p id="error" class="message refusal" role="alert">\#(Self.declineMessage(payment.decline))</p>"#
        return TestPage(
            title: approved ? "Ödeme onaylandı" : "Ödeme reddedildi",
            body: """
                <p class="amount" id="amount">\(Self.amountText(payment))</p>
                \(message)
                <p class="detail">Ödeme: <span id="paymentToken">\(HTMLText.escape(token))</span></p>
                <p>Uygulamaya dönebilirsiniz.</p>
                """,
            language: .turkish, headingID: "status"
        ).response
    }

    // MARK: - Pieces

    /// What the customer reads when a payment is declined.
    static func declineMessage(_ decline: SimulatorState.Decline?) -> String {
        switch decline {
        case .customerDenied?: "3-D Secure doğrulaması reddedildi. Kartınızdan ödeme alınmadı."
        case .bankDeclined?: "Bankanız ödemeyi onaylamadı. Başka bir kartla deneyebilirsiniz."
        case nil: "Ödeme tamamlanamadı."
        }
    }

    static func challengePage(_ payment: SimulatorState.Payment) -> MockResponse {
        TestPage(
            title: "TESTBANK 3-D Secure",
            body: """
                <p class="amount" id="amount">\(amountText(payment))</p>
                <p class="detail" id="card">Kart: \(HTMLText.escape(payment.card.maskedCardNumber))</p>
                <p class="detail" id="order">Sipariş: \(HTMLText.escape(payment.orderID))</p>
                <p class="detail">Test bankasının bu ödemeye ne yanıt vereceğini seçin.</p>
                <form method="post"><input type="hidden" name="result" value="approve">\
                <button id="approve">Onayla</button></form>
                <form method="post"><input type="hidden" name="result" value="deny">\
                <button class="secondary" id="deny">Reddet</button></form>
                """,
            language: .turkish
        ).response
    }

    static func unknownPaymentPage() -> MockResponse {
        TestPage(
            status: 404, title: "Ödeme bulunamadı",
            body: #"<p id="error" class="message refusal" role="alert">Bu adreste açık bir ödeme yok.</p>"#,
            language: .turkish
        ).response
    }

    /// "10.50 TRY".
    static func amountText(_ payment: SimulatorState.Payment) -> String {
        HTMLText.escape(MoneyText.format(payment.amount, currency: payment.currency))
    }
}
