// Hand-written: which of the manual's checkbox colours (§5.1.1) a state draws with, decided once
// here for BKMExpressAgreementCheckbox (UIKit) and BKMExpressAgreementCheckboxView (SwiftUI).
import Foundation

extension BKMExpress.AgreementCheckbox {
    /// One of the colours the manual lets an app set on the checkbox.
    package enum Colour: Sendable, Equatable {
        /// `tintColor`: the box's fill when ticked.
        case tint
        /// `checkmarkColor` / `checkmarkTint`.
        case checkmark
        /// `borderColor`.
        case border
        /// `errorTintColor`: a mandatory agreement was not approved.
        case error
        /// `disabledTintColor`.
        case disabled
    }

    /// What a checkbox draws: its outline, its fill (none when not ticked), and whether the tick shows.
    package struct Look: Sendable, Equatable {
        package var outline: Colour
        package var fill: Colour?
        package var showsCheckmark: Bool

        package init(outline: Colour, fill: Colour?, showsCheckmark: Bool) {
            self.outline = outline
            self.fill = fill
            self.showsCheckmark = showsCheckmark
        }
    }

    /// The look of a checkbox in `state`; `isEnabled` is false for a duplicate view or a checkbox
    /// without a session. Disabled wins over the error look, and the error look over the plain one.
    package static func look(of state: State, isEnabled: Bool) -> Look {
        if !isEnabled {
            return Look(outline: .disabled, fill: state.isSelected ? .disabled : nil, showsCheckmark: state.isSelected)
        }
        if state.isSelected { return Look(outline: .tint, fill: .tint, showsCheckmark: true) }
        return Look(outline: state.showsError ? .error : .border, fill: nil, showsCheckmark: false)
    }
}
