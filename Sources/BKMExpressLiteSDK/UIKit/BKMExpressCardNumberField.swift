// Hand-written: the manual's UIKit card-number field (§7.2). Thin glue: the digits, their grouping,
// the edits and the encryption are in the headless CardNumberInput, tested on Linux.
#if canImport(UIKit)
    import SpecsmithRuntime
    import UIKit

    /// Hears from a ``BKMExpressCardNumberField``; the manual's `bkmExpressDelegate`.
    @MainActor
    public protocol BKMExpressCardNumberFieldDelegate: AnyObject {
        /// The field holds a complete number that passes the Luhn check, encrypted for the session.
        func bkmExpressCardNumberField(
            _ field: BKMExpressCardNumberField, didReceiveValidCardNumber cardNumber: BKMExpress.CardNumber)
    }

    /// A card-number text field that keeps the number inside the SDK, so the app stays out of PCI-DSS
    /// scope: `text` and `attributedText` read `nil` and ignore writes, copy and cut do nothing, and
    /// the one thing the app receives is the encrypted ``BKMExpress/CardNumber``, through
    /// ``bkmExpressDelegate``. Subclass it to style it; make it after `BKMExpress.initialize`
    /// succeeded, or it stays disabled and ``sessionFailure`` says why.
    open class BKMExpressCardNumberField: UITextField {
        /// Receives the valid numbers; set it in code (Interface Builder cannot).
        public weak var bkmExpressDelegate: (any BKMExpressCardNumberFieldDelegate)?
        /// Why the field is disabled: no initialised session when it was made.
        public private(set) var sessionFailure: BKMExpress.Failure?
        private var input: BKMExpress.CardNumberInput?
        /// Valid numbers the input reported during an edit, delivered once the edit is shown.
        private let received = Locked<[BKMExpress.CardNumber]>([])
        /// Whether the app is active; when it resigns, iOS snapshots the screen for the app switcher.
        private var appIsActive = true
        private let lifecycleObservers = NotificationObservers()

        override public init(frame: CGRect) {
            super.init(frame: frame)
            setUp()
        }

        public required init?(coder: NSCoder) {
            super.init(coder: coder)
            setUp()
        }

        private func setUp() {
            keyboardType = .numberPad
            textContentType = .creditCardNumber
            // Every way text could arrive other than the keystrokes handled below is switched off.
            autocorrectionType = .no
            spellCheckingType = .no
            clearButtonMode = .never
            clearsOnBeginEditing = false
            // The raw names of UIApplication's notifications, whose constants an app extension lacks.
            observe("UIApplicationWillResignActiveNotification", appIsActive: false)
            observe("UIApplicationDidBecomeActiveNotification", appIsActive: true)
            do {
                let input = try BKMExpress.CardNumberInput()
                let received = received
                input.onValidCardNumber { number in received.withLock { $0.append(number) } }
                self.input = input
            } catch {
                sessionFailure = error
                isEnabled = false
            }
        }

        // MARK: - Closed to the app

        /// Always `nil`: the number never leaves the SDK. Writes are ignored.
        override open var text: String? {
            get { nil }
            set {}
        }

        /// Always `nil`: the number never leaves the SDK. Writes are ignored.
        override open var attributedText: NSAttributedString? {
            get { nil }
            set {}
        }

        /// Always `nil`: text input reads no digits either.
        override open func text(in range: UITextRange) -> String? { nil }

        /// Always `nil`, and writes are ignored: the manual's `bkmExpressDelegate` replaces it, and a
        /// text field delegate would be handed the field on every edit.
        override open var delegate: (any UITextFieldDelegate)? {
            get { nil }
            set {}
        }

        /// What VoiceOver reads: the masked number, never the digits.
        override open var accessibilityValue: String? {
            get { maskedText }
            set {}
        }

        /// Does nothing: the number is never put on the pasteboard.
        override open func copy(_ sender: Any?) {}

        /// Does nothing: the number is never put on the pasteboard.
        override open func cut(_ sender: Any?) {}

        /// Offers Paste alone in the edit menu: Share, Look Up, Translate and the rest would hand the
        /// selected digits to another app or a system service.
        override open func canPerformAction(_ action: Selector, withSender sender: Any?) -> Bool {
            BKMExpress.CardFieldEditMenu.allows(action.description)
                && super.canPerformAction(action, withSender: sender)
        }

        // MARK: - What the app may read

        /// The number with all but its last four digits hidden.
        public var maskedText: String { input?.maskedText ?? "" }
        /// The brand the leading digits show.
        public var brand: BKMExpress.CardBrand { input?.brand ?? .unknown }
        /// Whether the field holds a complete number that passes the Luhn check.
        public var isValid: Bool { input?.isValid ?? false }
        /// The number, encrypted for the session; throws as ``BKMExpress/CardNumberInput/cardNumber()`` does.
        public func cardNumber() throws(BKMExpress.CardNumberFailure) -> BKMExpress.CardNumber {
            guard let input else { throw .empty }
            return try input.cardNumber()
        }

        /// Empties the field and overwrites the digits it held.
        public func clear() {
            input?.clear()
            show(caret: 0)
            sendActions(for: .editingChanged)
        }

        // MARK: - What the field shows

        private func observe(_ name: String, appIsActive isActive: Bool) {
            lifecycleObservers.observe(Notification.Name(name), queue: .main) { [weak self] _ in
                Task { @MainActor in
                    self?.appIsActive = isActive
                    self?.showCurrentText()
                }
            }
        }

        /// Shows the digits while the user edits them.
        @discardableResult
        override open func becomeFirstResponder() -> Bool {
            let became = super.becomeFirstResponder()
            showCurrentText()
            return became
        }

        /// Shows the masked number once the user leaves the field.
        @discardableResult
        override open func resignFirstResponder() -> Bool {
            let resigned = super.resignFirstResponder()
            showCurrentText()
            return resigned
        }

        /// Draws the grouped digits while editing in an active app, else the masked number, keeping
        /// the caret at the end.
        private func showCurrentText() {
            let shown = input?.shownText(editing: isFirstResponder, appIsActive: appIsActive) ?? ""
            super.text = shown
            if let end = position(from: beginningOfDocument, offset: shown.count) {
                selectedTextRange = textRange(from: end, to: end)
            }
        }

        // MARK: - Keystrokes, handled here rather than by a delegate the app could replace

        /// Whether digits are entered; the keyboard's delete key reads this, and `text` is closed.
        override open var hasText: Bool { (input?.count ?? 0) > 0 }

        override open func insertText(_ text: String) {
            edit(selection, with: text)
        }

        override open func deleteBackward() {
            let range = selection
            edit(range.isEmpty ? max(0, range.lowerBound - 1)..<range.lowerBound : range, with: "")
        }

        override open func paste(_ sender: Any?) {
            edit(selection, with: UIPasteboard.general.string ?? "")
        }

        /// Replacements from text input (predictions, AutoFill) go through the SDK as well.
        override open func replace(_ range: UITextRange, withText text: String) {
            let start = offset(from: beginningOfDocument, to: range.start)
            edit(start..<max(start, offset(from: beginningOfDocument, to: range.end)), with: text)
        }

        /// The selection in characters of the shown text.
        private var selection: Range<Int> {
            guard let range = selectedTextRange else { return 0..<0 }
            let start = offset(from: beginningOfDocument, to: range.start)
            return start..<max(start, offset(from: beginningOfDocument, to: range.end))
        }

        private func edit(_ range: Range<Int>, with replacement: String) {
            guard let input else { return }
            show(caret: input.replaceCharacters(in: range, with: replacement))
            sendActions(for: .editingChanged)
            for number in received.withLock({ numbers in
                defer { numbers = [] }
                return numbers
            }) {
                bkmExpressDelegate?.bkmExpressCardNumberField(self, didReceiveValidCardNumber: number)
            }
        }

        private func show(caret: Int) {
            super.text = input?.displayText ?? ""
            if let position = position(from: beginningOfDocument, offset: caret) {
                selectedTextRange = textRange(from: position, to: position)
            }
        }
    }
#endif
