// Hand-written: the behaviour of CardExpiryTextField, without UIKit.

/// Formats `MM/YY`: inserts the slash by itself, reads a leading 2–9 as that month (`4` is `04/`),
/// and splits the text into ``month(of:)`` and ``year(of:)``.
public struct CardExpiryFormatter: Sendable {
    /// A formatter; it holds no state.
    public init() {}

    /// The field's state after `edit`.
    public func apply(_ edit: TextEdit, to state: TextFieldState) -> TextFieldState {
        var (before, inserted, after) = DigitEditing.split(state, edit)
        if before.isEmpty, let first = inserted.first, first >= UInt8(ascii: "2") {
            inserted.insert(UInt8(ascii: "0"), at: 0)
        }
        inserted = Array(inserted.prefix(max(4 - before.count - after.count, 0)))
        let digits = Array((before + inserted + after).prefix(4))
        let isTyping = !edit.replacement.isEmpty
        var text = String(decoding: digits.prefix(2), as: UTF8.self)
        if digits.count > 2 || (digits.count == 2 && isTyping && after.isEmpty) {
            text += "/" + String(decoding: digits.dropFirst(2), as: UTF8.self)
        }
        let typed = min(before.count + inserted.count, digits.count)
        var caret = DigitEditing.offset(afterDigit: typed, in: text)
        if typed == 2, isTyping, text.count > 2 { caret = 3 }
        return TextFieldState(text: text, selection: caret..<caret)
    }

    /// The month of an `MM/YY` text, two digits, or what there is of it (`""`, `"1"`).
    public static func month(of text: String) -> String {
        String(decoding: CardNumberText.digits(of: text).prefix(2), as: UTF8.self)
    }

    /// The year of an `MM/YY` text, two digits, or what there is of it.
    public static func year(of text: String) -> String {
        String(decoding: CardNumberText.digits(of: text).dropFirst(2).prefix(2), as: UTF8.self)
    }
}
