// Hand-written: the local checks the seed lists before any network call.
import Foundation

/// Why a card field is not valid. Its text never repeats the number or the security code.
public enum CardValidationError: Error, Hashable, Sendable, LocalizedError {
    /// The field is empty.
    case missing(CardInput.Field)
    /// The number holds something other than digits, spaces and dashes.
    case invalidCharacters(CardInput.Field)
    /// The number has a length its brand does not issue (12–19 digits for an unknown brand).
    case invalidLength(brand: CardBrand?)
    /// The number's check digit is wrong.
    case failedLuhnCheck
    /// The expiry has a month but not yet a two-digit year, or a one-digit month.
    case incompleteExpiry
    /// The month is not 01–12.
    case invalidMonth
    /// The card expired before the current month.
    case expired
    /// The security code does not have the brand's number of digits.
    case invalidSecurityCodeLength(expected: ClosedRange<Int>)

    public var errorDescription: String? {
        switch self {
        case .missing(.cardholderName): "Enter the name on the card."
        case .missing(.cardNumber): "Enter the card number."
        case .missing(.expiry): "Enter the expiry date."
        case .missing(.securityCode): "Enter the security code."
        case .invalidCharacters(.securityCode): "The security code can only hold digits."
        case .invalidCharacters(.expiry): "The expiry date can only hold digits."
        case .invalidCharacters: "The card number can only hold digits."
        case let .invalidLength(brand?): "This \(brand.displayName) card number has the wrong number of digits."
        case .invalidLength(nil): "The card number has the wrong number of digits."
        case .failedLuhnCheck: "The card number is not valid. Check it for typing mistakes."
        case .incompleteExpiry: "Enter the expiry date as MM/YY."
        case .invalidMonth: "The expiry month must be between 01 and 12."
        case .expired: "The card has expired."
        case let .invalidSecurityCodeLength(expected) where expected.count == 1:
            "The security code has \(expected.lowerBound) digits."
        case let .invalidSecurityCodeLength(expected):
            "The security code has \(expected.lowerBound) to \(expected.upperBound) digits."
        }
    }
}

extension CardDetails {
    func validationError(for field: CardInput.Field, at date: Date) -> CardValidationError? {
        switch field {
        case .cardholderName:
            cardholderName.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ? .missing(.cardholderName) : nil
        case .cardNumber: numberError
        case .expiry: expiryError(at: date)
        case .securityCode: securityCodeError
        }
    }

    private var numberError: CardValidationError? {
        guard CardNumberText.hasOnlyDigitsAndSeparators(cardNumber) else { return .invalidCharacters(.cardNumber) }
        let digits = digits
        guard !digits.isEmpty else { return .missing(.cardNumber) }
        let brand = CardBrand.detect(cardNumber)
        guard (brand?.lengths ?? Array(12...19)).contains(digits.count) else { return .invalidLength(brand: brand) }
        if brand?.requiresLuhn ?? true, !CardNumberText.passesLuhn(digits) { return .failedLuhnCheck }
        return nil
    }

    private func expiryError(at date: Date) -> CardValidationError? {
        if expiryMonth.isEmpty, expiryYear.isEmpty { return .missing(.expiry) }
        let isDigits = { (text: String) in text.utf8.allSatisfy { (48...57).contains($0) } }
        guard isDigits(expiryMonth), isDigits(expiryYear) else { return .invalidCharacters(.expiry) }
        guard expiryMonth.count == 2, expiryYear.count == 2 else { return .incompleteExpiry }
        guard let month = Int(expiryMonth), (1...12).contains(month), let year = Int(expiryYear) else {
            return .invalidMonth
        }
        let now = Calendar(identifier: .gregorian).dateComponents([.year, .month], from: date)
        let currentYear = now.year ?? 2000
        // Two digits name the year in the century that keeps it closest ahead: 99 in 2098 is 2099,
        // 00 in 2099 is 2100.
        var fullYear = currentYear - currentYear % 100 + year
        if fullYear < currentYear - 50 { fullYear += 100 }
        return fullYear * 12 + month < currentYear * 12 + (now.month ?? 1) ? .expired : nil
    }

    private var securityCodeError: CardValidationError? {
        guard !securityCode.isEmpty else { return .missing(.securityCode) }
        guard securityCode.utf8.allSatisfy({ (48...57).contains($0) }) else {
            return .invalidCharacters(.securityCode)
        }
        let expected = CardBrand.detect(cardNumber).map { $0.securityCodeLength...$0.securityCodeLength } ?? 3...4
        return expected.contains(securityCode.count) ? nil : .invalidSecurityCodeLength(expected: expected)
    }
}
