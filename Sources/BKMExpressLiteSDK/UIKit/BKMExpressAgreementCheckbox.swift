// Hand-written: the manual's UIKit agreement checkbox (§5.1.1). Thin glue: the consent, its error
// look, the one-checkbox rule and the colour for each state are in the headless AgreementCheckbox.
#if canImport(UIKit)
    import UIKit

    /// The session's one agreement checkbox, as a `UIControl`: a tap toggles it and sends
    /// `.valueChanged`; ``isSelected`` is the consent the next card or registration call carries.
    /// It drives the same model as `api.agreementCheckbox` of the session opened last, so make it
    /// after `BKMExpress.initialize` succeeded. The manual allows one per screen: a second one stays
    /// disabled, and `api.agreementCheckbox.onDuplicateView` hears of it; when the first leaves its
    /// window while the second stays, the second takes over.
    ///
    /// VoiceOver reads it as a button that is selected or not; give it an `accessibilityLabel` that
    /// says what the user agrees to. Its intrinsic size is 44 × 44 points, the smallest tap target
    /// Apple's guidelines allow.
    open class BKMExpressAgreementCheckbox: UIControl {
        /// The tick's colour.
        open var checkmarkColor: UIColor = .label { didSet { redraw() } }
        /// The outline's colour when not ticked.
        open var borderColor: UIColor = .label { didSet { redraw() } }
        /// Every part's colour when the control is disabled.
        open var disabledTintColor: UIColor = .label { didSet { redraw() } }
        /// The outline's colour after a mandatory agreement was not approved (code 36).
        open var errorTintColor: UIColor = .label { didSet { redraw() } }

        private var model: BKMExpress.AgreementCheckbox?
        private var isPrimary = false
        /// This control's place on the model while it counts as a checkbox on screen: from joining
        /// a window to leaving it.
        private var attachment: BKMExpress.AgreementCheckbox.ViewAttachment?
        /// Hears every change of the consent, whoever made it: the SwiftUI view's binding follows it.
        var onModelChange: ((Bool) -> Void)?
        private let outline = UIImageView(image: UIImage(systemName: "square"))
        private let fill = UIImageView(image: UIImage(systemName: "square.fill"))
        private let checkmark = UIImageView(image: UIImage(systemName: "checkmark"))

        override public init(frame: CGRect) {
            super.init(frame: frame)
            setUp()
        }

        public required init?(coder: NSCoder) {
            super.init(coder: coder)
            setUp()
        }

        deinit {
            if let attachment { model?.detachView(attachment) }
        }

        private func setUp() {
            for part in [fill, outline, checkmark] {
                part.isUserInteractionEnabled = false
                addSubview(part)
            }
            model = BKMExpress.SessionRegistry.current.latest?.agreementCheckbox
            isEnabled = model != nil
            isAccessibilityElement = true
            addAction(UIAction { [weak self] _ in self?.toggle() }, for: .touchUpInside)
            redraw()
        }

        /// A checkbox counts toward the manual's one-per-screen rule while it is in a window, not
        /// from the moment it is made, so the next screen's checkbox is not refused for a screen
        /// that is merely still in memory.
        override open func didMoveToWindow() {
            super.didMoveToWindow()
            guard let model else { return }
            if window != nil, attachment == nil {
                let (attachment, slot) = model.attachView(
                    onPromotion: { [weak self] in Task { @MainActor in self?.becomePrimary() } },
                    onChange: { [weak self] state in
                        Task { @MainActor in
                            self?.redraw()
                            self?.onModelChange?(state.isSelected)
                        }
                    })
                self.attachment = attachment
                isPrimary = slot == .primary
                isEnabled = isPrimary
            } else if window == nil, let attachment {
                self.attachment = nil
                isPrimary = false
                model.detachView(attachment)
            }
            redraw()
        }

        /// The primary checkbox left while this one stayed: this one is the screen's checkbox now.
        private func becomePrimary() {
            guard let model, let attachment, model.slot(of: attachment) == .primary else { return }
            isPrimary = true
            isEnabled = true
            redraw()
        }

        override open var intrinsicContentSize: CGSize { CGSize(width: 44, height: 44) }

        /// Whether the box is ticked: the user's consent to the pending agreements.
        override open var isSelected: Bool {
            get { model?.isSelected ?? false }
            set {
                guard isPrimary, newValue != model?.isSelected else { return }
                model?.isSelected = newValue
                redraw()
            }
        }

        override open var isEnabled: Bool {
            didSet { redraw() }
        }

        override open var tintColor: UIColor! {
            didSet { redraw() }
        }

        override open func layoutSubviews() {
            super.layoutSubviews()
            for part in [fill, outline, checkmark] { part.frame = bounds }
        }

        private func toggle() {
            guard isPrimary else { return }
            isSelected.toggle()
            sendActions(for: .valueChanged)
        }

        private func redraw() {
            let state = model?.state ?? .init(isSelected: false, showsError: false)
            let look = BKMExpress.AgreementCheckbox.look(of: state, isEnabled: isEnabled && isPrimary)
            outline.tintColor = colour(look.outline)
            fill.isHidden = look.fill == nil
            fill.tintColor = look.fill.map(colour)
            checkmark.isHidden = !look.showsCheckmark
            checkmark.tintColor = isEnabled ? checkmarkColor : disabledTintColor
            var traits: UIAccessibilityTraits = .button
            if state.isSelected { traits.insert(.selected) }
            if !(isEnabled && isPrimary) { traits.insert(.notEnabled) }
            accessibilityTraits = traits
        }

        private func colour(_ role: BKMExpress.AgreementCheckbox.Colour) -> UIColor {
            switch role {
            case .tint: tintColor ?? .systemBlue
            case .checkmark: checkmarkColor
            case .border: borderColor
            case .error: errorTintColor
            case .disabled: disabledTintColor
            }
        }
    }
#endif
