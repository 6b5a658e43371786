// Hand-written: the manual's SwiftUI card-number view (§7.1), over BKMExpressCardNumberField. Thin
// glue: every behaviour is in the field and the headless CardNumberInput beneath it.
#if canImport(SwiftUI) && canImport(UIKit)
    import SwiftUI
    import UIKit

    /// A card-number view that keeps the number inside the SDK: the binding receives only the
    /// encrypted ``BKMExpress/CardNumber`` when the number is complete and valid, and `nil` while it
    /// is not. Make it after `BKMExpress.initialize` succeeded.
    public struct BKMExpressCardNumberView: UIViewRepresentable {
        private let font: UIFont?
        private let placeholder: Placeholder
        private let number: Binding<BKMExpress.CardNumber?>

        private enum Placeholder {
            case plain(String)
            case attributed(AttributedString)
        }

        /// A view with a plain placeholder, as the manual's first sample makes it.
        public init(font: UIFont? = nil, placeholder: String, number: Binding<BKMExpress.CardNumber?>) {
            self.font = font
            self.placeholder = .plain(placeholder)
            self.number = number
        }

        /// A view with an attributed placeholder.
        public init(
            font: UIFont? = nil, attributedPlaceholder: AttributedString, number: Binding<BKMExpress.CardNumber?>
        ) {
            self.font = font
            self.placeholder = .attributed(attributedPlaceholder)
            self.number = number
        }

        /// Makes the ``BKMExpressCardNumberField`` that holds the digits; SwiftUI calls it once.
        public func makeUIView(context: Context) -> BKMExpressCardNumberField {
            let field = BKMExpressCardNumberField()
            field.bkmExpressDelegate = context.coordinator
            let coordinator = context.coordinator
            // An edit that makes the number invalid again takes the old number out of the binding.
            field.addAction(
                UIAction { [weak field] _ in
                    if field?.isValid == false { coordinator.number.wrappedValue = nil }
                }, for: .editingChanged)
            return field
        }

        /// Applies the font and placeholder and keeps the latest binding; the digits stay in the field.
        public func updateUIView(_ field: BKMExpressCardNumberField, context: Context) {
            context.coordinator.number = number
            if let font { field.font = font }
            switch placeholder {
            case let .plain(text): field.placeholder = text
            case let .attributed(text): field.attributedPlaceholder = NSAttributedString(text)
            }
        }

        /// The field's delegate, which passes valid numbers to the binding.
        public func makeCoordinator() -> Coordinator { Coordinator(number: number) }

        /// Passes the field's valid numbers to the binding.
        @MainActor
        public final class Coordinator: BKMExpressCardNumberFieldDelegate {
            var number: Binding<BKMExpress.CardNumber?>

            init(number: Binding<BKMExpress.CardNumber?>) { self.number = number }

            /// Puts the field's newly valid number, encrypted, in the binding.
            public func bkmExpressCardNumberField(
                _ field: BKMExpressCardNumberField, didReceiveValidCardNumber cardNumber: BKMExpress.CardNumber
            ) {
                number.wrappedValue = cardNumber
            }
        }
    }
#endif
