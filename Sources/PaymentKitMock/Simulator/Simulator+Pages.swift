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
        let found = state.withLock { state in state.sessions[id].map { ($0, state.payments[$0.paymentID]) } }
        guard let (session, payment) = found, let returnURL = session.returnURL else {
            return TestPage(status: 404, title: "Unknown challenge", body: Self.notice("No challenge is open here."))
                .response
        }
        guard request.method == "POST" else { return Self.issuerForm(session, payment: payment) }
        let answer: SimulatorState.ChallengeAnswer? =
            switch Self.form(request.body)["decision"] {
            case "approve": .approved
            case "deny": .denied
            case "cancel": .cancelled
            default: nil
            }
        guard let answer else {
            return TestPage(
                status: 400, title: "Choose an answer",
                body: Self.notice("The answer must be approve, deny or cancel.", refusal: true)
            ).response
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
        return TestPage(
            title: "Authentication finished",
            body: #"<p id="done" class="message success">You can return to the app.</p>"#
        ).response
    }

    /// `GET /hosted/{payment}?verification_key=…` shows the card form; `POST` pays or cancels;
    /// `/hosted/{payment}/done` shows the result and is where the SDK's presenter stops.
    func hostedPage(_ request: MockRequest) -> MockResponse {
        let parts = request.path.dropFirst(PagePath.hosted.count).split(separator: "/").map(String.init)
        guard let paymentID = parts.first, let payment = state.withLock({ $0.payments[paymentID] }) else {
            return TestPage(status: 404, title: "Unknown payment", body: Self.notice("No payment here.")).response
        }
        if parts.count == 2, parts[1] == "done" { return Self.donePage(payment) }
        let fields = request.method == "POST" ? Self.form(request.body) : request.query
        let key = fields["verification_key"] ?? ""
        do throws(MockFailure) {
            _ = try payablePayment(paymentID, verificationKey: key)
        } catch {
            return TestPage(status: error.status, title: "Cannot pay", body: Self.refusal(error.message)).response
        }
        guard request.method == "POST" else { return Self.hostedForm(payment, key: key, error: nil) }
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
            return Self.hostedForm(payment, key: key, error: error.message)
        }
        let session: SimulatorState.Session
        do throws(MockFailure) {
            session = try openSession(payment: payment, card: checked.0, scenario: checked.1, hosted: true)
        } catch {
            return Self.hostedForm(payment, key: key, error: error.message)
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

    // MARK: - HTTP helpers

    static func redirect(to location: String) -> MockResponse {
        MockResponse(status: 303, headers: ["location": location, "content-type": "text/plain"], body: Data())
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
