// Hand-written: keystrokes as a text field reports them (a range of the shown text and its
// replacement), applied to the digits inside the SDK. BKMExpressCardNumberField and
// BKMExpressCardNumberView call this; the text they show is the grouped number, which only SDK
// views may read.
import Foundation

extension BKMExpress.CardNumberInput {
    /// Applies an edit of the grouped number as a field shows it (``displayText``): `range` is in
    /// characters of that text, `replacement` what was typed or pasted. Non-digits in the
    /// replacement are dropped. Deleting only a group separator deletes the digit before it, as a
    /// payer pressing backspace after a group expects. Returns where the caret goes in the new text:
    /// after the digits the edit put in.
    package func replaceCharacters(in range: Range<Int>, with replacement: String) -> Int {
        let shown = Array(displayText)
        let lower = min(max(0, range.lowerBound), shown.count)
        let upper = min(max(lower, range.upperBound), shown.count)
        var start = Self.digitCount(in: shown[..<lower])
        let end = start + Self.digitCount(in: shown[lower..<upper])
        var typed = replacement.filter(\.isASCIIDigit)
        if replacement.isEmpty, start == end, upper > lower, start > 0 {
            start -= 1  // backspace over a separator
        }
        var digits = shown.filter(\.isASCIIDigit)
        // Typing into a number that is already as long as its brand allows keeps the digits after
        // the caret: what does not fit is dropped from what was typed, not from the number's end.
        let room = Self.maximumLength - (digits.count - (end - start))
        if typed.count > room { typed.removeLast(typed.count - max(0, room)) }
        while !typed.isEmpty {
            var candidate = digits
            candidate.replaceSubrange(start..<end, with: typed)
            let brand = BKMExpress.CardBrand(leadingDigits: candidate.compactMap(\.asciiValue))
            if candidate.count <= brand.maximumLength { break }
            typed.removeLast()
        }
        digits.replaceSubrange(start..<end, with: typed)
        replaceText(String(digits))
        for index in digits.indices { digits[index] = "0" }
        let kept = min(start + typed.count, count)
        return Self.offset(afterDigits: kept, in: Array(displayText))
    }

    private static func digitCount(in characters: ArraySlice<Character>) -> Int {
        characters.reduce(0) { $0 + ($1.isASCIIDigit ? 1 : 0) }
    }

    /// The position in `text` just after its first `digits` digits (before a separator that follows).
    private static func offset(afterDigits digits: Int, in text: [Character]) -> Int {
        guard digits > 0 else { return 0 }
        var seen = 0
        for (index, character) in text.enumerated() where character.isASCIIDigit {
            seen += 1
            if seen == digits { return index + 1 }
        }
        return text.count
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
