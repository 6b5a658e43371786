// Hand-written: the seed's optional UITextField subclasses. Thin glue: every behaviour is in the
// headless formatters (Fields/), which are tested on Linux; these only forward edits and show state.
#if canImport(UIKit)
    import UIKit

    /// Forwards a text field's edits to a formatter and shows the state it returns.
    open class FormattedCardTextField: UITextField, UITextFieldDelegate {
        var format: (TextEdit, TextFieldState) -> TextFieldState = { _, state in state }

        override public init(frame: CGRect) {
            super.init(frame: frame)
            delegate = self
            keyboardType = .numberPad
        }

        public required init?(coder: NSCoder) {
            super.init(coder: coder)
            delegate = self
        }

        public func textField(
            _ textField: UITextField, shouldChangeCharactersIn range: NSRange, replacementString string: String
        ) -> Bool {
            let current = text ?? ""
            let selection = selectedTextRange.map {
                offset(from: beginningOfDocument, to: $0.start)..<offset(from: beginningOfDocument, to: $0.end)
            }
            let state = TextFieldState(text: current, selection: selection)
            let next = format(
                TextEdit(range: range.location..<(range.location + range.length), replacement: string), state)
            text = next.text
            if let caret = position(from: beginningOfDocument, offset: next.caret) {
                selectedTextRange = textRange(from: caret, to: caret)
            }
            sendActions(for: .editingChanged)
            return false
        }
    }

    /// Groups the number as its brand does and limits its length; autofill and Scan Card work.
    public final class CardNumberTextField: FormattedCardTextField {
        override public init(frame: CGRect) {
            super.init(frame: frame)
            textContentType = .creditCardNumber
            let formatter = CardNumberFormatter()
            format = { formatter.apply($0, to: $1) }
        }

        public required init?(coder: NSCoder) { super.init(coder: coder) }

        /// The digits typed, without spaces.
        public var digits: String { CardNumberFormatter.digits(of: text ?? "") }
        /// The detected brand.
        public var brand: CardBrand? { CardBrand.detect(digits) }
    }

    /// Formats `MM/YY` and gives `month` and `year` apart.
    public final class CardExpiryTextField: FormattedCardTextField {
        override public init(frame: CGRect) {
            super.init(frame: frame)
            let formatter = CardExpiryFormatter()
            format = { formatter.apply($0, to: $1) }
        }

        public required init?(coder: NSCoder) { super.init(coder: coder) }

        /// The month, two digits when complete.
        public var month: String { CardExpiryFormatter.month(of: text ?? "") }
        /// The year, two digits when complete.
        public var year: String { CardExpiryFormatter.year(of: text ?? "") }
    }

    /// Masks the code and limits it to the brand's length; set ``brand`` from the number field.
    public final class CardSecurityCodeTextField: FormattedCardTextField {
        /// The card's brand, which sets the code's length.
        public var brand: CardBrand? {
            didSet { updateFormat() }
        }

        override public init(frame: CGRect) {
            super.init(frame: frame)
            isSecureTextEntry = true
            updateFormat()
        }

        public required init?(coder: NSCoder) { super.init(coder: coder) }

        private func updateFormat() {
            let formatter = CardSecurityCodeFormatter(brand: brand)
            format = { formatter.apply($0, to: $1) }
        }
    }
#endif
