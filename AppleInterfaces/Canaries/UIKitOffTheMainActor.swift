// check: must fail in every mode
// A canary: the check must refuse UIKit calls from outside the main actor, or it proves nothing.
// `nonisolated`, so it stays off the main actor where a target's default isolation is the main actor.
import UIKit

nonisolated func loadFromAnyThread(_ controller: UIViewController) {
    controller.loadView()
}
