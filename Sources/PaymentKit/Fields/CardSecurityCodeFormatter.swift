// Hand-written: the behaviour of CardSecurityCodeTextField, without UIKit.

/// Keeps digits only, as many as the brand's code has (4 while the brand is unknown); the text a
/// person sees is ``masked(_:)``.
public struct CardSecurityCodeFormatter: Sendable {
    /// The brand whose code length applies; set it from the number field's brand.
    public var brand: CardBrand?

    /// A formatter for codes of `brand` (3 or 4 digits while it is unknown).
    public init(brand: CardBrand? = nil) {
        self.brand = brand
    }

    /// The most digits the code may have.
    public var maximumLength: Int { brand?.securityCodeLength ?? 4 }

    /// The field's state after `edit`.
    public func apply(_ edit: TextEdit, to state: TextFieldState) -> TextFieldState {
        let (before, inserted, after) = DigitEditing.split(state, edit)
        let kept = Array(inserted.prefix(max(maximumLength - before.count - after.count, 0)))
        let digits = Array((before + kept + after).prefix(maximumLength))
        let caret = min(before.count + kept.count, digits.count)
        return TextFieldState(text: String(decoding: digits, as: UTF8.self), selection: caret..<caret)
    }

    /// One bullet per digit, for display.
    public static func masked(_ text: String) -> String {
        String(repeating: "•", count: text.count)
    }
}
