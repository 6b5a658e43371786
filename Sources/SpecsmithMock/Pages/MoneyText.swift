// Hand-written: an amount as a payer reads it on a payment page, "12.50 EUR", with the digits after
// the point that the currency's minor unit has. Decimal arithmetic only, so no binary rounding.
import Foundation

/// Amounts written for people: the number with its currency's minor-unit digits, then the code.
package enum MoneyText {
    /// Currencies whose minor unit is not a hundredth (ISO 4217's table). Every other code, known or
    /// not, gets two digits, which is what most currencies have; a page for an unlisted zero-digit
    /// currency then shows ".00", which is wrong but never loses money the way dropping digits would.
    static let minorUnitDigits: [String: Int] = [
        // No minor unit.
        "BIF": 0, "CLP": 0, "DJF": 0, "GNF": 0, "ISK": 0, "JPY": 0, "KMF": 0, "KRW": 0, "PYG": 0,
        "RWF": 0, "UGX": 0, "UYI": 0, "VND": 0, "VUV": 0, "XAF": 0, "XOF": 0, "XPF": 0,
        // A thousandth.
        "BHD": 3, "IQD": 3, "JOD": 3, "KWD": 3, "LYD": 3, "OMR": 3, "TND": 3,
        // A ten-thousandth (unidades de fomento).
        "CLF": 4, "UYW": 4,
    ]

    /// How many digits follow the point in `currency` (an ISO 4217 code, any case).
    package static func digits(of currency: String) -> Int {
        minorUnitDigits[currency.uppercased()] ?? 2
    }

    /// `amount` rounded half away from zero to the currency's minor unit, written with a point and no
    /// grouping, then the code: `12.5` in EUR is "12.50 EUR", `1500` in JPY is "1500 JPY".
    package static func format(_ amount: Decimal, currency: String) -> String {
        "\(number(amount, digits: digits(of: currency))) \(currency.uppercased())"
    }

    /// `amount` with exactly `digits` digits after the point (none and no point when `digits` is 0).
    static func number(_ amount: Decimal, digits: Int) -> String {
        var value = amount
        var rounded = Decimal()
        NSDecimalRound(&rounded, &value, digits, .plain)
        let negative = rounded < 0
        var magnitude = negative ? -rounded : rounded
        // Scaled to an integer, `description` is all digits: no exponent, no locale.
        var scaled = Decimal()
        guard NSDecimalMultiplyByPowerOf10(&scaled, &magnitude, Int16(digits), .plain) == .noError else {
            // Only past Decimal's 38 digits, which no payment reaches: the rounded value as Decimal writes it.
            return rounded.description
        }
        var text = scaled.description
        if digits > 0 {
            if text.count <= digits { text = String(repeating: "0", count: digits - text.count + 1) + text }
            text.insert(".", at: text.index(text.endIndex, offsetBy: -digits))
        }
        return (negative ? "-" : "") + text
    }
}
