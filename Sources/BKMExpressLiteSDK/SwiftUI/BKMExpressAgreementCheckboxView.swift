// Hand-written: the manual's SwiftUI agreement checkbox (§5.1.1), over BKMExpressAgreementCheckbox.
// Thin glue: the consent, its error look and the one-checkbox rule are in the headless model.
#if canImport(SwiftUI) && canImport(UIKit)
    import SwiftUI
    import UIKit

    /// The session's one agreement checkbox in SwiftUI, bound to `isSelected` both ways: a tap and
    /// the app's own `api.setAgreementConsent(_:)` both reach the binding, and the binding reaches
    /// the consent. Every colour is optional and keeps the control's default when left out. Make it
    /// after `BKMExpress.initialize` succeeded, and show one per screen.
    public struct BKMExpressAgreementCheckboxView: UIViewRepresentable {
        private let isSelected: Binding<Bool>
        private let colours: (checkmark: Color?, border: Color?, error: Color?, disabled: Color?)

        /// The checkbox bound to `isSelected`, with the manual's colour parameters.
        public init(
            isSelected: Binding<Bool>, checkmarkTint: Color? = nil, borderColor: Color? = nil,
            errorTintColor: Color? = nil, disabledTintColor: Color? = nil
        ) {
            self.isSelected = isSelected
            colours = (checkmarkTint, borderColor, errorTintColor, disabledTintColor)
        }

        /// Makes the ``BKMExpressAgreementCheckbox`` and lets every change of the consent reach the
        /// binding; SwiftUI calls it once.
        public func makeUIView(context: Context) -> BKMExpressAgreementCheckbox {
            let checkbox = BKMExpressAgreementCheckbox()
            let coordinator = context.coordinator
            coordinator.sync = BindingSync(model: checkbox.isSelected)
            // Every change reaches the binding: a tap, and the app's own `setAgreementConsent`.
            checkbox.onModelChange = { isSelected in
                if let value = coordinator.sync.modelChanged(to: isSelected) {
                    coordinator.isSelected.wrappedValue = value
                }
            }
            return checkbox
        }

        /// Gives the consent a changed binding and applies the colours.
        public func updateUIView(_ checkbox: BKMExpressAgreementCheckbox, context: Context) {
            let coordinator = context.coordinator
            coordinator.isSelected = isSelected
            if let value = coordinator.sync.bindingHolds(isSelected.wrappedValue) { checkbox.isSelected = value }
            if let colour = colours.checkmark { checkbox.checkmarkColor = UIColor(colour) }
            if let colour = colours.border { checkbox.borderColor = UIColor(colour) }
            if let colour = colours.error { checkbox.errorTintColor = UIColor(colour) }
            if let colour = colours.disabled { checkbox.disabledTintColor = UIColor(colour) }
        }

        /// What keeps the binding and the consent in step.
        public func makeCoordinator() -> Coordinator { Coordinator(isSelected: isSelected) }

        /// Keeps the latest binding and what each side last held, so neither overwrites the other.
        @MainActor
        public final class Coordinator {
            var isSelected: Binding<Bool>
            var sync = BindingSync(model: false)

            init(isSelected: Binding<Bool>) { self.isSelected = isSelected }
        }
    }
#endif
