// Hand-written: the manual's UIKit agreement checkbox (§5.1.1). Thin glue: the consent, its error
// look, the one-checkbox rule and the colour for each state are in the headless AgreementCheckbox.
#if canImport(UIKit)
    import UIKit

    /// The session's one agreement checkbox, as a `UIControl`: a tap toggles it and sends
    /// `.valueChanged`; ``isSelected`` is the consent the next card or registration call carries.
    /// It drives the same model as `api.agreementCheckbox` of the session opened last, so make it
    /// after `BKMExpress.initialize` succeeded. The manual allows one per screen: a second one stays
    /// disabled, and `api.agreementCheckbox.onDuplicateView` hears of it.
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
        /// Whether this control counts as a checkbox on screen: from joining a window to leaving it.
        private var isAttached = false
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
            if isAttached { model?.detachView() }
        }

        private func setUp() {
            for part in [fill, outline, checkmark] {
                part.isUserInteractionEnabled = false
                addSubview(part)
            }
            model = BKMExpress.SessionRegistry.current.latest?.agreementCheckbox
            isEnabled = model != nil
            addAction(UIAction { [weak self] _ in self?.toggle() }, for: .touchUpInside)
            redraw()
        }

        /// A checkbox counts toward the manual's one-per-screen rule while it is in a window, not
        /// from the moment it is made, so the next screen's checkbox is not refused for a screen
        /// that is merely still in memory.
        override open func didMoveToWindow() {
            super.didMoveToWindow()
            guard let model else { return }
            if window != nil, !isAttached {
                isAttached = true
                isPrimary = model.attachView() == .primary
                isEnabled = isPrimary
                if isPrimary {
                    // The SDK changes the state too (the error look after code 36): draw it then.
                    model.onViewChange { [weak self] _ in Task { @MainActor in self?.redraw() } }
                }
            } else if window == nil, isAttached {
                isAttached = false
                isPrimary = false
                model.detachView()
            }
            redraw()
        }

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
