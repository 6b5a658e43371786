// Hand-written: the HTML pages, which the spec's JSON API cannot describe — the issuer's challenge,
// the checkout host's return page, and the hosted payment page. Forms post to themselves and
// redirect with 303, so a browser, a web view and HeadlessChallengePresenter all follow them.
import Foundation
import PaymentKit
import SpecsmithMock

extension PaymentKitSimulator {
    /// Paths of the pages; the hosted ones live on the checkout host.
    enum PagePath {
        static let issuer = "/issuer/challenge/"
        static let challengeReturn = "/v1/challenge-return"
        static let hosted = "/hosted/"
    }

    /// The pages this simulator serves, for `MockService`.
    public var pages: [MockPage] {
        [
            MockPage(pathPrefix: PagePath.issuer) { self.issuerPage($0) },
            MockPage(pathPrefix: PagePath.challengeReturn) { self.challengeReturnPage($0) },
            MockPage(pathPrefix: PagePath.hosted) { self.hostedPage($0) },
        ]
    }

    // MARK: - Issuer

    /// `GET` shows Approve, Deny and Cancel; `POST decision=…` sends the answer to the return URL.
    func issuerPage(_ request: MockRequest) -> MockResponse {
        let id = String(request.path.dropFirst(PagePath.issuer.count))
        guard let session = state.withLock({ $0.sessions[id] }), let returnURL = session.returnURL else {
            return Self.page(status: 404, title: "Unknown challenge", body: "<p>No challenge is open here.</p>")
        }
        guard request.method == "POST" else {
            return Self.page(
                title: "Test issuer: confirm the payment",
                body: """
                    <p id="card">\(Self.escape(session.card.brand)) ending in \(session.card.lastFour)</p>
                    <form id="challenge" method="post" action="\(PagePath.issuer)\(id)">
                    <button name="decision" value="approve" id="approve">Approve</button>
                    <button name="decision" value="deny" id="deny">Deny</button>
                    <button name="decision" value="cancel" id="cancel">Cancel</button>
                    </form>
                    """)
        }
        let answer: SimulatorState.ChallengeAnswer? =
            switch Self.form(request.body)["decision"] {
            case "approve": .approved
            case "deny": .denied
            case "cancel": .cancelled
            default: nil
            }
        guard let answer else {
            return Self.page(
                status: 400, title: "Choose an answer", body: "<p>decision must be approve, deny or cancel.</p>")
        }
        var components = URLComponents(url: returnURL, resolvingAgainstBaseURL: false)
        components?.queryItems = [.init(name: "session_id", value: id), .init(name: "cres", value: answer.rawValue)]
        return Self.redirect(to: components?.url?.absoluteString ?? returnURL.absoluteString)
    }

    // MARK: - Checkout host

    /// Where the issuer returns: records the issuer's answer, then tells the payer to go back to the app.
    /// A hosted payment's challenge completes here and goes on to the hosted done page.
    func challengeReturnPage(_ request: MockRequest) -> MockResponse {
        let id = request.query["session_id"] ?? ""
        let answer = request.query["cres"].flatMap(SimulatorState.ChallengeAnswer.init(rawValue:))
        let hosted = state.withLock { state -> String? in
            guard var session = state.sessions[id], session.state == .waitingFor3DSResponse else { return nil }
            if session.answer == nil { session.answer = answer }
            state.sessions[id] = session
            guard session.isHosted else { return nil }
            Self.settleChallenge(id, in: &state)
            return session.paymentID
        }
        if let hosted { return Self.redirect(to: "\(PagePath.hosted)\(hosted)/done") }
        return Self.page(title: "Authentication finished", body: "<p id=\"done\">You can return to the app.</p>")
    }

    /// `GET /hosted/{payment}?verification_key=…` shows the card form; `POST` pays or cancels;
    /// `/hosted/{payment}/done` shows the result and is where the SDK's presenter stops.
    func hostedPage(_ request: MockRequest) -> MockResponse {
        let parts = request.path.dropFirst(PagePath.hosted.count).split(separator: "/").map(String.init)
        guard let paymentID = parts.first, let payment = state.withLock({ $0.payments[paymentID] }) else {
            return Self.page(status: 404, title: "Unknown payment", body: "<p>No payment here.</p>")
        }
        if parts.count == 2, parts[1] == "done" {
            return Self.page(
                title: "Payment \(payment.state.rawValue)",
                body: "<p id=\"state\">\(payment.state.rawValue)</p><p>You can return to the app.</p>")
        }
        let fields = request.method == "POST" ? Self.form(request.body) : request.query
        let key = fields["verification_key"] ?? ""
        do throws(MockFailure) {
            _ = try payablePayment(paymentID, verificationKey: key)
        } catch {
            return Self.page(
                status: error.status, title: "Cannot pay", body: "<p id=\"error\">\(Self.escape(error.message))</p>")
        }
        guard request.method == "POST" else { return hostedForm(payment, key: key, error: nil) }
        if fields["action"] == "cancel" {
            state.withLock { $0.payments[paymentID]?.state = .abandoned }
            return Self.redirect(to: "\(PagePath.hosted)\(paymentID)/done")
        }
        return payOnHostedPage(payment, fields: fields, key: key)
    }

    private func payOnHostedPage(_ payment: SimulatorState.Payment, fields: [String: String], key: String)
        -> MockResponse
    {
        let card = CardInput()
        card.cardholderName = fields["cardholder_name"] ?? ""
        card.cardNumber = fields["card_number"] ?? ""
        card.expiryMonth = CardExpiryFormatter.month(of: fields["expiry"] ?? "")
        card.expiryYear = CardExpiryFormatter.year(of: fields["expiry"] ?? "")
        card.securityCode = fields["security_code"] ?? ""
        let checked: (PaymentKitAPI.CardSummary, SimulatorState.Scenario)
        do throws(MockFailure) {
            checked = try check(card)
        } catch {
            return hostedForm(payment, key: key, error: error.message)
        }
        let session: SimulatorState.Session
        do throws(MockFailure) {
            session = try openSession(payment: payment, card: checked.0, scenario: checked.1, hosted: true)
        } catch {
            return hostedForm(payment, key: key, error: error.message)
        }
        let returnURL = baseURL.appendingPathComponent(String(PagePath.challengeReturn.dropFirst()))
        let challenge = state.withLock { state -> Bool in
            switch session.scenario {
            case .challenge, .pendingAfterChallenge:
                state.set(.waitingFor3DSResponse, session: session.id)
                state.sessions[session.id]?.returnURL = returnURL
                return true
            case .declined:
                state.set(.failed, session: session.id, reason: "Declined by the issuer (test card).")
            case .frictionless, .slow:
                state.set(.completed, session: session.id)
            }
            return false
        }
        return Self.redirect(to: challenge ? "\(PagePath.issuer)\(session.id)" : "\(PagePath.hosted)\(payment.id)/done")
    }

    private func hostedForm(_ payment: SimulatorState.Payment, key: String, error: String?) -> MockResponse {
        Self.page(
            title: "Pay \(payment.amount.rawValue) \(payment.currency.rawValue)",
            body: """
                \(error.map { "<p id=\"error\">\(Self.escape($0))</p>" } ?? "")
                <form id="pay" method="post" action="\(PagePath.hosted)\(payment.id)">
                <input type="hidden" name="verification_key" value="\(Self.escape(key))">
                <label>Name <input name="cardholder_name" id="cardholder_name" autocomplete="cc-name"></label>
                <label>Card number <input name="card_number" id="card_number" autocomplete="cc-number"></label>
                <label>Expiry (MM/YY) <input name="expiry" id="expiry" autocomplete="cc-exp"></label>
                <label>Security code <input name="security_code" id="security_code" type="password"></label>
                <button name="action" value="pay" id="pay-button">Pay</button>
                <button name="action" value="cancel" id="cancel-button">Cancel</button>
                </form>
                """)
    }

    // MARK: - HTML helpers

    static func page(status: Int = 200, title: String, body: String) -> MockResponse {
        let html = """
            <!doctype html>
            <html><head><meta charset="utf-8"><title>\(escape(title))</title></head>
            <body><h1>\(escape(title))</h1>
            \(body)
            </body></html>
            """
        return MockResponse(
            status: status, headers: ["content-type": "text/html; charset=utf-8"], body: Data(html.utf8))
    }

    static func redirect(to location: String) -> MockResponse {
        MockResponse(status: 303, headers: ["location": location, "content-type": "text/plain"], body: Data())
    }

    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }

    /// An `application/x-www-form-urlencoded` body.
    static func form(_ body: Data) -> [String: String] {
        var fields: [String: String] = [:]
        for pair in String(decoding: body, as: UTF8.self).split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1).map {
                $0.replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? ""
            }
            if let name = parts.first { fields[name] = parts.count > 1 ? parts[1] : "" }
        }
        return fields
    }
}
