import Foundation

extension Decimal {
    /// How many significant digits follow the decimal point (`100.50` has 1).
    var fractionDigits: Int {
        let text = description
        guard let point = text.firstIndex(of: ".") else { return 0 }
        return text[text.index(after: point)...].count
    }

    /// The value rounded to `scale` digits and written with exactly that many (`100` → `100.00`).
    package func text(scale: Int) -> String {
        var value = self
        var rounded = Decimal()
        NSDecimalRound(&rounded, &value, scale, .bankers)
        let plain = rounded.description
        let negative = plain.hasPrefix("-")
        let digits = negative ? String(plain.dropFirst()) : plain
        let parts = digits.split(separator: ".", omittingEmptySubsequences: false)
        var whole = String(parts[0])
        if whole.isEmpty { whole = "0" }
        let fraction = parts.count > 1 ? String(parts[1]) : ""
        let padded = scale == 0 ? "" : "." + fraction.padding(toLength: scale, withPad: "0", startingAt: 0)
        return (negative && rounded != 0 ? "-" : "") + whole + padded
    }
}

@_spi(Generated) extension WireCoding {
    /// Writes `value` as a JSON number with exactly `scale` digits after the point.
    ///
    /// `JSONEncoder` writes every `Decimal` in its shortest form (`100`); the wire encoder behind
    /// ``encode(_:)`` takes the digits as they are. Other encoders get the shortest form.
    public static func encodeDecimal(_ value: Decimal, scale: Int, to encoder: any Encoder) throws {
        if let wire = encoder as? WireJSONEncoding {
            guard value.isFinite else { throw WireJSONEncoding.notANumber(value, at: wire.codingPath) }
            wire.value = .literal(value.text(scale: scale))
            return
        }
        var container = encoder.singleValueContainer()
        try container.encode(value)
    }
}
