// check: must fail in every mode
// A canary: the check must refuse UIKit calls from outside the main actor, or it proves nothing.
import UIKit

func loadFromAnyThread(_ controller: UIViewController) {
    controller.loadView()
}
