// Hand-written: what the simulator remembers. Cards are kept as brand and last four only.
import Foundation
import PaymentKit
import SpecsmithMock

/// The simulator's payments and card sessions.
struct SimulatorState {
    /// How a card behaves, from the test-card table.
    enum Scenario: Equatable {
        case frictionless, challenge, declined, pendingAfterChallenge, slow
    }

    /// What the issuer's challenge page answered.
    enum ChallengeAnswer: String {
        case approved, denied, cancelled
    }

    struct Payment {
        var id: String
        var verificationKey: String
        var orderReference: String
        var orderNumber: String
        var amount: PaymentKitAPI.Amount
        var currency: PaymentKitAPI.CurrencyCode
        var state: PaymentKitAPI.PaymentState = .initial
        var card: PaymentKitAPI.CardSummary?
        /// Why the last session failed it, for the hosted done page.
        var declineReason: String?
    }

    struct Session {
        var id: String
        var paymentID: String
        var accessToken: String
        var card: PaymentKitAPI.CardSummary
        var scenario: Scenario
        var state: PaymentKitAPI.CardSessionState = .created
        var answer: ChallengeAnswer?
        var returnURL: URL?
        var declineReason: String?
        /// Set for sessions the hosted page made: their challenge ends on the hosted done page.
        var isHosted = false
    }

    var counter = 0
    // What clients create is bounded (README, "State bounds"); the oldest go past the cap.
    var payments = BoundedStore<String, Payment>(lifetime: 24 * 3600, capacity: 10_000)
    var sessions = BoundedStore<String, Session>(lifetime: 24 * 3600, capacity: 10_000)
    /// The initialisation vectors of JWEs already accepted, against replay: kept longer than a JWE
    /// stays fresh (`freshness`, 360 s in all), after which a replay is refused as stale anyway.
    var seenJWEs = BoundedSet<String>(lifetime: 600, capacity: 100_000)

    mutating func nextID(_ prefix: String) -> String {
        counter += 1
        return "\(prefix)_\(counter)"
    }

    /// Applies a session's new state to its payment too.
    mutating func set(_ state: PaymentKitAPI.CardSessionState, session id: String, reason: String? = nil) {
        guard var session = sessions[id] else { return }
        session.state = state
        session.declineReason = reason
        sessions[id] = session
        let paymentState: PaymentKitAPI.PaymentState =
            switch state {
            case .completed: .settled
            case .failed: .failed
            case .abandoned: .abandoned
            case .waitingFor3DSResponse: .waitingFor3DSResponse
            case .confirmed3DS: .confirmed3DS
            default: .initial
            }
        payments[session.paymentID]?.state = paymentState
        payments[session.paymentID]?.card = session.card
        payments[session.paymentID]?.declineReason = state == .failed ? reason : nil
    }

    func wire(_ session: Session) -> PaymentKitAPI.CardSession {
        PaymentKitAPI.CardSession(
            sessionID: PaymentKitAPI.CardSessionID(rawValue: session.id)!,
            paymentID: PaymentKitAPI.PaymentID(rawValue: session.paymentID)!, state: session.state, card: session.card,
            declineReason: session.declineReason)
    }
}
