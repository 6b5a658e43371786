// Hand-written: the order of one modal page and its dismissal. UIKit ignores a dismissal asked for
// while the presentation is still animating, and then its completion never runs; a deadline can
// land exactly there. The rule lives here, headless, so Linux tests check it.
import Foundation

/// One page's presentation and dismissal, in whatever order they are asked for: a dismissal asked
/// for during the presentation waits for it to finish; one asked for before it starts cancels it.
package struct ModalSequence: Sendable {
    /// What the caller does after asking to dismiss.
    package enum DismissStep: Sendable, Equatable {
        /// The page is on screen: dismiss it now.
        case dismissNow
        /// The page is still appearing: ``didPresent()`` says when to dismiss it.
        case afterPresentation
        /// Nothing is or will be shown: finish at once.
        case nothingShown
    }

    private enum Phase: Sendable {
        case idle, presenting, shown, dismissing, cancelled
    }

    private var phase = Phase.idle
    private var dismissalWaits = false

    package init() {}

    /// Whether to start presenting: `false` when a dismissal came first.
    package mutating func willPresent() -> Bool {
        guard phase == .idle else { return false }
        phase = .presenting
        return true
    }

    /// The presentation finished; `true` when a dismissal waited for it and must run now.
    package mutating func didPresent() -> Bool {
        guard phase == .presenting else { return false }
        if dismissalWaits {
            dismissalWaits = false
            phase = .dismissing
            return true
        }
        phase = .shown
        return false
    }

    /// Asks to dismiss; a second request while the first is under way shows nothing more.
    package mutating func dismiss() -> DismissStep {
        switch phase {
        case .idle:
            phase = .cancelled
            return .nothingShown
        case .presenting:
            dismissalWaits = true
            return .afterPresentation
        case .shown:
            phase = .dismissing
            return .dismissNow
        case .dismissing, .cancelled:
            return .nothingShown
        }
    }
}
