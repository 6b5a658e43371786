// Hand-written: digit handling shared by the brand table, validation and the formatters.

/// What the SDK reads from typed or pasted card text.
enum CardNumberText {
    /// The ASCII digits of `text`, in order; everything else is dropped.
    static func digits(of text: String) -> [UInt8] {
        text.utf8.filter { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
    }

    /// Whether `text` holds only digits, spaces and dashes (what a pasted number may carry).
    static func hasOnlyDigitsAndSeparators(_ text: String) -> Bool {
        text.utf8.allSatisfy {
            (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "-")
        }
    }

    /// The Luhn (mod 10) check over ASCII digits.
    static func passesLuhn(_ digits: [UInt8]) -> Bool {
        var sum = 0
        for (index, digit) in digits.reversed().enumerated() {
            var value = Int(digit - UInt8(ascii: "0"))
            if index % 2 == 1 {
                value *= 2
                if value > 9 { value -= 9 }
            }
            sum += value
        }
        return !digits.isEmpty && sum % 10 == 0
    }

    /// `digits` split into groups of the given sizes, joined by spaces; a trailing group may be short.
    static func grouped(_ digits: [UInt8], sizes: [Int]) -> String {
        var result = ""
        var index = 0
        for size in sizes where index < digits.count {
            if index > 0 { result += " " }
            let end = min(index + size, digits.count)
            result += String(decoding: digits[index..<end], as: UTF8.self)
            index = end
        }
        if index < digits.count { result += " " + String(decoding: digits[index...], as: UTF8.self) }
        return result
    }
}
