// Hand-written: the behaviour of CardNumberTextField, without UIKit.

/// Groups a card number as its brand does, limits it to the brand's longest length, drops pasted
/// spaces, dashes and other characters, and keeps the caret after the digit it followed.
public struct CardNumberFormatter: Sendable {
    /// A formatter; it holds no state.
    public init() {}

    /// The field's state after `edit`.
    public func apply(_ edit: TextEdit, to state: TextFieldState) -> TextFieldState {
        var (before, inserted, after) = DigitEditing.split(state, edit)
        let limit = CardBrand.detect(String(decoding: before + inserted + after, as: UTF8.self))?.maximumLength ?? 19
        inserted = Array(inserted.prefix(max(limit - before.count - after.count, 0)))
        let digits = Array((before + inserted + after).prefix(limit))
        let text = Self.format(digits)
        let caret = DigitEditing.offset(afterDigit: min(before.count + inserted.count, digits.count), in: text)
        return TextFieldState(text: text, selection: caret..<caret)
    }

    /// `digits` grouped for their brand, such as `4111 1111 1111 1111` or `3782 822463 10005`.
    public static func format(_ digits: [UInt8]) -> String {
        let brand = CardBrand.detect(String(decoding: digits, as: UTF8.self))
        return CardNumberText.grouped(digits, sizes: (brand ?? .visa).grouping(forLength: digits.count))
    }

    /// The digits of a field's text.
    public static func digits(of text: String) -> String {
        String(decoding: CardNumberText.digits(of: text), as: UTF8.self)
    }
}
