// Hand-written: which commands of the system's edit menu the SDK's card-number field offers. A spec
// describes the wire, not a text field; the rule is headless so Linux tests check it.
import Foundation

extension BKMExpress {
    /// The edit-menu commands ``BKMExpressCardNumberField`` allows, by selector name. Only pasting
    /// a number in: Copy, Cut, Share, Look Up, Translate, Speak and every command iOS adds later act
    /// on the selected text, which is the number the user typed, and would hand it to the
    /// pasteboard, another app or a system service. Refusing all but one keeps a new command closed
    /// without knowing its name.
    package enum CardFieldEditMenu {
        /// The one command the field offers.
        package static let allowed: Set<String> = ["paste:"]

        /// Whether the field offers the command named `selector` (as `Selector.description` spells it).
        package static func allows(_ selector: String) -> Bool {
            allowed.contains(selector)
        }
    }
}
