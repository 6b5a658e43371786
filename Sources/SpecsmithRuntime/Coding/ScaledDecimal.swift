import Foundation

extension Decimal {
    /// How many significant digits follow the decimal point (`100.50` has 1).
    var fractionDigits: Int {
        let text = description
        guard let point = text.firstIndex(of: ".") else { return 0 }
        return text[text.index(after: point)...].count
    }

    /// The value rounded to `scale` digits and written with exactly that many (`100` → `100.00`).
    public func text(scale: Int) -> String {
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

extension WireCoding {
    /// Writes `value` as a JSON number with exactly `scale` digits after the point.
    ///
    /// `JSONEncoder` writes every `Decimal` in its shortest form (`100`), so the digits travel as a
    /// string tagged with a per-encoding random token, and ``encode(_:)`` puts them back as a bare
    /// number. The token is unguessable, so no string value can be turned into a number.
    public static func encodeDecimal(_ value: Decimal, scale: Int, to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        guard let token = encoder.userInfo[.specsmithDecimalToken] as? String else {
            try container.encode(value)
            return
        }
        try container.encode(token + value.text(scale: scale))
    }

    /// Replaces each `"<token>digits"` string in `json` with its bare digits.
    static func restoreScaledDecimals(in json: Data, token: String) -> Data {
        let marker = Array(("\"" + token).utf8)
        var bytes = [UInt8](json)
        guard bytes.count >= marker.count else { return json }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "\""), index + marker.count <= bytes.count,
                Array(bytes[index..<index + marker.count]) == marker,
                let close = bytes[(index + marker.count)...].firstIndex(of: UInt8(ascii: "\""))
            {
                output += bytes[(index + marker.count)..<close]
                index = close + 1
            } else {
                output.append(bytes[index])
                index += 1
            }
        }
        bytes = output
        return Data(bytes)
    }
}

extension CodingUserInfoKey {
    /// The per-encoding token that marks scaled decimals; see ``WireCoding/encodeDecimal(_:scale:to:)``.
    public static let specsmithDecimalToken = CodingUserInfoKey(rawValue: "specsmith.decimalToken")!
}
