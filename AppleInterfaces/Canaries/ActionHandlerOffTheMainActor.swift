// check: must fail in every mode
// Swift 6 only: Swift 5 mode does not check the isolation of a closure.
// A canary: `UIActionHandler` is `(UIAction) -> Void`, with no isolation, as Apple declares it. A
// `@Sendable` handler does not take the main actor from where it is written, so it may not make a
// view; with a `@MainActor` handler type it did, and this compiled here while Xcode refuses it.
import UIKit

@MainActor func makeTintAction() -> UIAction {
    UIAction(title: "Tint") { @Sendable _ in UIView().backgroundColor = .red }
}
