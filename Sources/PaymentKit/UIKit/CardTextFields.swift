// Hand-written: the seed's optional UITextField subclasses. Thin glue: every behaviour is in the
// headless formatters (Fields/), which are tested on Linux; these only forward edits and show state.
#if canImport(UIKit)
    import UIKit

    /// Applies a text field's edits through a formatter and shows the state it returns. Keystrokes,
    /// deletions and pastes are handled here rather than by taking over `delegate`: the app's own
    /// delegate stays the app's, and is asked first, as UIKit asks it, whether each edit may happen.
    open class FormattedCardTextField: UITextField {
        var format: (TextEdit, TextFieldState) -> TextFieldState = { _, state in state }

        override public init(frame: CGRect) {
            super.init(frame: frame)
            keyboardType = .numberPad
        }

        public required init?(coder: NSCoder) {
            super.init(coder: coder)
            keyboardType = .numberPad
        }

        override open func insertText(_ text: String) {
            apply(TextEdit.insert(text, in: state))
        }

        override open func deleteBackward() {
            apply(TextEdit.deleteBackward(in: state))
        }

        override open func paste(_ sender: Any?) {
            apply(TextEdit.insert(UIPasteboard.general.string ?? "", in: state))
        }

        /// The text and selection shown now.
        private var state: TextFieldState {
            let selection = selectedTextRange.map {
                offset(from: beginningOfDocument, to: $0.start)..<offset(from: beginningOfDocument, to: $0.end)
            }
            return TextFieldState(text: text ?? "", selection: selection)
        }

        private func apply(_ edit: TextEdit) {
            let range = NSRange(location: edit.range.lowerBound, length: edit.range.count)
            // An optional requirement: the app's delegate may leave it out.
            let allowed =
                delegate?.textField?(self, shouldChangeCharactersIn: range, replacementString: edit.replacement)
                ?? true
            guard allowed else { return }
            let next = format(edit, state)
            text = next.text
            if let caret = position(from: beginningOfDocument, offset: next.caret) {
                selectedTextRange = textRange(from: caret, to: caret)
            }
            sendActions(for: .editingChanged)
        }
    }

    /// Groups the number as its brand does and limits its length; autofill and Scan Card work.
    public final class CardNumberTextField: FormattedCardTextField {
        override public init(frame: CGRect) {
            super.init(frame: frame)
            setUp()
        }

        /// From a storyboard: formatted like one made in code.
        public required init?(coder: NSCoder) {
            super.init(coder: coder)
            setUp()
        }

        private func setUp() {
            textContentType = .creditCardNumber
            let formatter = CardNumberFormatter()
            format = { formatter.apply($0, to: $1) }
        }

        /// The digits typed, without spaces.
        public var digits: String { CardNumberFormatter.digits(of: text ?? "") }
        /// The detected brand.
        public var brand: CardBrand? { CardBrand.detect(digits) }
    }

    /// Formats `MM/YY` and gives `month` and `year` apart.
    public final class CardExpiryTextField: FormattedCardTextField {
        override public init(frame: CGRect) {
            super.init(frame: frame)
            setUp()
        }

        /// From a storyboard: formatted like one made in code.
        public required init?(coder: NSCoder) {
            super.init(coder: coder)
            setUp()
        }

        private func setUp() {
            let formatter = CardExpiryFormatter()
            format = { formatter.apply($0, to: $1) }
        }

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

        /// From a storyboard: masked and formatted like one made in code.
        public required init?(coder: NSCoder) {
            super.init(coder: coder)
            isSecureTextEntry = true
            updateFormat()
        }

        private func updateFormat() {
            let formatter = CardSecurityCodeFormatter(brand: brand)
            format = { formatter.apply($0, to: $1) }
        }
    }
#endif
