// Hand-written: the one result a payment gives, as the seed names it.
import Foundation

/// How a payment ended, from the SDK's point of view.
///
/// The SDK says `.succeeded`, `.failed` or `.cancelled` only when it knows; whenever the card may
/// have reached the gateway and no final answer came back, it says `.unresolved`.
public enum PaymentOutcome: String, Sendable, Hashable {
    /// Paid: the card session completed.
    case succeeded
    /// Not paid: declined, refused by the gateway with a definite answer, or stopped before the
    /// card was sent.
    case failed
    /// Not paid: the payer cancelled, or the app cancelled the task before the card was sent.
    case cancelled
    /// The SDK cannot know: ask your backend with ``PaymentKit/paymentStatus(paymentId:)``.
    case unresolved
}

/// The result of ``PaymentKit/startCardPayment(_:card:from:completion:)`` or
/// ``PaymentKit/startPayment(_:from:completion:)``.
public struct PaymentResult: Sendable, Hashable {
    /// How the payment ended.
    public var outcome: PaymentOutcome
    /// The payment the request named.
    public var paymentId: String
    /// Why the payment failed or is unresolved, for people and for code.
    public var error: PaymentError?
    /// The card session, for matching with your backend; `nil` for hosted checkout.
    public var sessionId: String?
    /// The payment's state as your backend reported it; hosted checkout only.
    public var paymentStatus: PaymentKitAPI.PaymentState?
    /// The gateway's order number; hosted checkout only.
    public var orderNumber: String?

    /// A result; the SDK makes these, tests and previews may too.
    public init(
        outcome: PaymentOutcome, paymentId: String, error: PaymentError? = nil, sessionId: String? = nil,
        paymentStatus: PaymentKitAPI.PaymentState? = nil, orderNumber: String? = nil
    ) {
        self.outcome = outcome
        self.paymentId = paymentId
        self.error = error
        self.sessionId = sessionId
        self.paymentStatus = paymentStatus
        self.orderNumber = orderNumber
    }
}

/// Why a payment did not succeed. Its text never holds card data.
public enum PaymentError: Error, Sendable, Hashable, LocalizedError, CustomStringConvertible {
    /// A URL the flow needs is missing or not allowed in the environment.
    case configuration(String)
    /// The request is not usable, such as a payment id the gateway cannot have issued.
    case invalidRequest(String)
    /// The card failed a local check; nothing was sent.
    case invalidCard(CardValidationError)
    /// The card could not be encrypted: no usable key.
    case encryption(String)
    /// The shop does not accept the card's brand (the gateway's `BRAND_NOT_ACCEPTED`).
    case brandNotAccepted
    /// The issuer declined; the text is the gateway's reason.
    case declined(String)
    /// The gateway or your backend answered with an error, or could not be reached.
    case service(PaymentKitAPI.Failure)
    /// The payment took longer than ``Configuration/deadline``.
    case timedOut
    /// The payment is in a state the SDK cannot call final, such as `confirmed_3ds`.
    case pending(PaymentKitAPI.CardSessionState)
    /// The gateway refused this attempt because the payment is already paid or another attempt is
    /// paying it (`PAYMENT_ALREADY_PROCESSED`): this attempt charged nothing, but the payment may be paid.
    case alreadyProcessed
    /// This `PaymentKit` is already running a payment with the same `paymentId` (a double tap): the
    /// second start sends nothing, and the first one gives the payment's own outcome.
    case alreadyInProgress
    /// The app cancelled the payment's task after the card was sent: only your backend can tell
    /// how the payment ended.
    case cancelledAfterSending

    public var errorDescription: String? {
        switch self {
        case let .configuration(text): "PaymentKit is not configured: \(text)"
        case let .invalidRequest(text): "The payment request is not valid: \(text)"
        case let .invalidCard(error): error.errorDescription
        case .encryption: "The card details could not be protected for sending. Please try again."
        case .brandNotAccepted: PaymentKitAPI.ErrorCode.brandNotAccepted.info?.message
        case let .declined(reason): reason.isEmpty ? "The payment was declined." : "The payment was declined. \(reason)"
        case let .service(failure): failure.message
        case .timedOut: "The payment took too long to finish."
        case .pending: "The payment is still being processed."
        case .alreadyProcessed: PaymentKitAPI.ErrorCode.paymentAlreadyProcessed.info?.message
        case .alreadyInProgress: "This payment is already being processed."
        case .cancelledAfterSending: "The payment was interrupted after the card was sent."
        }
    }

    public var description: String {
        switch self {
        case let .service(failure): "service: \(failure.description)"
        case let .encryption(detail): "encryption: \(detail)"
        default: errorDescription ?? "payment error"
        }
    }
}
