// check: must fail in every mode
// A canary: `textField(_:shouldChangeCharactersIn:replacementString:)` is an optional requirement of
// UITextFieldDelegate, so a delegate that may not implement it cannot be called without `?`.
import UIKit

@MainActor func allowsEdit(_ field: UITextField, delegate: any UITextFieldDelegate) -> Bool {
    delegate.textField(field, shouldChangeCharactersIn: NSRange(location: 0, length: 1), replacementString: "4")
}
