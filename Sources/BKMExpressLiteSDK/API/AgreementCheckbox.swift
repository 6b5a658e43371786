// Hand-written: the manual's single agreement checkbox (BKMExpressAgreementCheckbox in UIKit,
// BKMExpressAgreementCheckboxView in SwiftUI) as the state a checkbox binds to. A spec describes the
// approvals on the wire, not the control that collects them.
import Foundation
import SpecsmithRuntime

extension BKMExpress {
    /// The state of the session's one agreement checkbox: selected or not, and whether it shows its
    /// error look because a mandatory agreement was not approved (MISSED_MANDATORY_AGREEMENT, 36).
    ///
    /// A view binds ``isSelected`` and draws ``showsError``; ``onChange(_:)`` reports every change,
    /// as the control's `.valueChanged` event does.
    public final class AgreementCheckbox: Sendable {
        /// What a checkbox draws.
        public struct State: Sendable, Hashable {
            /// Whether the box is ticked: the user's consent to the pending agreements.
            public var isSelected: Bool
            /// Set when a card or registration call failed with 36; selecting the box clears it.
            public var showsError: Bool

            /// What a checkbox draws: ticked or not, with the error tint or without.
            public init(isSelected: Bool, showsError: Bool) {
                self.isSelected = isSelected
                self.showsError = showsError
            }
        }

        /// What a checkbox view learns when it attaches to the model.
        package enum ViewSlot: Sendable, Equatable {
            /// The one checkbox of the screen: it shows and changes the consent.
            case primary
            /// Another checkbox while the first is attached: the manual allows one, so this one is
            /// disabled and its taps change nothing.
            case duplicate
        }

        private struct Box {
            var state = State(isSelected: false, showsError: false)
            var onChange: (@Sendable (State) -> Void)?
            var onDuplicateView: (@Sendable (Int) -> Void)?
            /// The primary view's own observer, beside the app's ``onChange(_:)``.
            var onViewChange: (@Sendable (State) -> Void)?
            var views = 0
        }

        private let box = Locked(Box())

        init() {}

        /// The current state.
        public var state: State { box.withLock { $0.state } }

        /// Whether the user ticked the box. Ticking it clears the error look.
        public var isSelected: Bool {
            get { state.isSelected }
            set { update { $0 = State(isSelected: newValue, showsError: newValue ? false : $0.showsError) } }
        }

        /// Whether the box shows its error look.
        public var showsError: Bool { state.showsError }

        /// Calls `handler` with the new state after every change; it replaces any earlier handler.
        public func onChange(_ handler: @escaping @Sendable (State) -> Void) {
            box.withLock { $0.onChange = handler }
        }

        /// How many checkbox views are attached to this model now; the manual allows one.
        public var viewCount: Int { box.withLock { $0.views } }

        /// Calls `handler` with the number of attached views whenever a checkbox view beyond the
        /// first attaches: the manual's one-checkbox rule was broken, and that view stays disabled.
        public func onDuplicateView(_ handler: @escaping @Sendable (Int) -> Void) {
            box.withLock { $0.onDuplicateView = handler }
        }

        /// Attaches a checkbox view: the first is the primary one, every other a duplicate, which is
        /// reported to ``onDuplicateView(_:)``.
        package func attachView() -> ViewSlot {
            let (slot, report) = box.withLock { box -> (ViewSlot, (@Sendable (Int) -> Void)?) in
                box.views += 1
                return box.views == 1 ? (.primary, nil) : (.duplicate, box.onDuplicateView)
            }
            if let report { report(viewCount) }
            return slot
        }

        /// Calls `handler` after every change, for the checkbox view that shows the state; the app's
        /// ``onChange(_:)`` handler is kept.
        package func onViewChange(_ handler: @escaping @Sendable (State) -> Void) {
            box.withLock { $0.onViewChange = handler }
        }

        /// Detaches a view that ``attachView()`` attached. Once every view has gone, the next view to
        /// attach is primary again.
        package func detachView() {
            box.withLock { $0.views = max(0, $0.views - 1) }
        }

        /// Puts the box in its error look: a mandatory agreement was not approved.
        func showError() {
            update { $0.showsError = true }
        }

        private func update(_ change: (inout State) -> Void) {
            let notification = box.withLock { box -> (State, [@Sendable (State) -> Void])? in
                let before = box.state
                change(&box.state)
                guard box.state != before else { return nil }
                return (box.state, [box.onChange, box.onViewChange].compactMap { $0 })
            }
            if let (state, handlers) = notification { for handler in handlers { handler(state) } }
        }
    }
}
