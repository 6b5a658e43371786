// Hand-written: the seed's card model. It never leaves the device in clear, so it is not a wire type;
// the SDK encrypts a snapshot of it (CardDetails) as JWE just before sending.
import Foundation

/// The card the payer typed, from any UI: a model without views.
///
/// The number and security code never appear in `description`, `debugDescription` or `dump`.
/// Fill it on one thread, then pass it to ``PaymentKit/startCardPayment(_:card:from:completion:)``,
/// which takes a copy at once.
public final class CardInput: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// A field ``validationError(for:at:)`` checks.
    public enum Field: String, CaseIterable, Hashable, Sendable {
        /// The name on the card.
        case cardholderName
        /// The card number.
        case cardNumber
        /// The expiry month and year together.
        case expiry
        /// The security code (CVC, CVV, CID).
        case securityCode
    }

    /// The name on the card.
    public var cardholderName = ""
    /// The number; spaces and dashes, as a formatter or a paste leaves them, are allowed.
    public var cardNumber = ""
    /// The expiry month, two digits: `"01"` to `"12"`.
    public var expiryMonth = ""
    /// The expiry year, two digits, such as `"30"`.
    public var expiryYear = ""
    /// The security code (CVC, CVV, CID).
    public var securityCode = ""

    /// An empty card.
    public init() {}

    /// The brand the number shows, for display and formatting only.
    public var brand: CardBrand? { CardBrand.detect(cardNumber) }

    /// Whether every field passes ``validationError(for:at:)`` now.
    public var isValid: Bool { Field.allCases.allSatisfy { validationError(for: $0) == nil } }

    /// What is wrong with one field, or `nil` when it is fine: presence, characters, Luhn, the
    /// brand's lengths, an expiry in the future (the current month still counts), the code's length.
    ///
    /// It does not check whether the shop accepts the brand: the gateway answers that.
    /// - Parameters:
    ///   - field: The field to check.
    ///   - date: The moment the expiry is compared with; now unless a test says otherwise.
    public func validationError(for field: Field, at date: Date = Date()) -> CardValidationError? {
        details.validationError(for: field, at: date)
    }

    /// A copy the SDK can carry across threads.
    var details: CardDetails {
        CardDetails(
            cardholderName: cardholderName, cardNumber: cardNumber, expiryMonth: expiryMonth,
            expiryYear: expiryYear, securityCode: securityCode)
    }

    public var description: String { details.description }
    public var debugDescription: String { details.description }
    public var customMirror: Mirror { details.customMirror }
}

/// A snapshot of a ``CardInput``; redacted wherever it is printed.
struct CardDetails: Sendable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    var cardholderName: String
    var cardNumber: String
    var expiryMonth: String
    var expiryYear: String
    var securityCode: String

    var digits: [UInt8] { CardNumberText.digits(of: cardNumber) }

    var lastFour: String { String(decoding: digits.suffix(4), as: UTF8.self) }

    var description: String {
        let brand = CardBrand.detect(cardNumber)?.displayName ?? "unknown brand"
        return "CardInput(\(brand), number: <redacted>, expiry: \(expiryMonth)/\(expiryYear), securityCode: <redacted>)"
    }

    var debugDescription: String { description }

    var customMirror: Mirror {
        Mirror(
            self,
            children: [
                "cardholderName": cardholderName, "cardNumber": "<redacted>", "expiryMonth": expiryMonth,
                "expiryYear": expiryYear, "securityCode": "<redacted>",
            ])
    }
}
