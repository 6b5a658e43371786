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

        /// A checkbox view attached to the model, until it detaches.
        package struct ViewAttachment: Sendable, Hashable {
            fileprivate let id: Int
        }

        private struct AttachedView {
            let id: Int
            /// Tells the view when it becomes primary because the one before it left.
            let onPromotion: @Sendable () -> Void
            /// Tells the view of every change, whoever made it, so it draws (and a binding follows).
            let onChange: @Sendable (State) -> Void
        }

        private struct Box {
            var state = State(isSelected: false, showsError: false)
            var onChange: (@Sendable (State) -> Void)?
            var onDuplicateView: (@Sendable (Int) -> Void)?
            /// The attached views in the order they attached; the first is the primary one.
            var views: [AttachedView] = []
            var nextViewID = 0
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
        public var viewCount: Int { box.withLock { $0.views.count } }

        /// Calls `handler` with the number of attached views whenever a checkbox view beyond the
        /// first attaches: the manual's one-checkbox rule was broken, and that view stays disabled.
        public func onDuplicateView(_ handler: @escaping @Sendable (Int) -> Void) {
            box.withLock { $0.onDuplicateView = handler }
        }

        /// Attaches a checkbox view: the first is the primary one, every other a duplicate, which is
        /// reported to ``onDuplicateView(_:)``. When the primary view detaches while duplicates stay,
        /// the one that attached first after it becomes primary and hears `onPromotion`, so a screen
        /// never keeps only a disabled checkbox. `onChange` hears every change of the state.
        package func attachView(
            onPromotion: @escaping @Sendable () -> Void = {}, onChange: @escaping @Sendable (State) -> Void = { _ in }
        ) -> (ViewAttachment, ViewSlot) {
            let (attachment, slot, report, count) = box.withLock {
                box -> (ViewAttachment, ViewSlot, (@Sendable (Int) -> Void)?, Int) in
                let id = box.nextViewID
                box.nextViewID += 1
                box.views.append(AttachedView(id: id, onPromotion: onPromotion, onChange: onChange))
                let slot: ViewSlot = box.views.count == 1 ? .primary : .duplicate
                return (ViewAttachment(id: id), slot, slot == .duplicate ? box.onDuplicateView : nil, box.views.count)
            }
            report?(count)
            return (attachment, slot)
        }

        /// Detaches a view that ``attachView(onPromotion:onChange:)`` attached; detaching it again
        /// does nothing. Once every view has gone, the next view to attach is primary again.
        package func detachView(_ attachment: ViewAttachment) {
            let promoted = box.withLock { box -> (@Sendable () -> Void)? in
                guard let index = box.views.firstIndex(where: { $0.id == attachment.id }) else { return nil }
                box.views.remove(at: index)
                return index == 0 ? box.views.first?.onPromotion : nil
            }
            promoted?()
        }

        /// The slot an attached view holds now, or `nil` once it has detached.
        package func slot(of attachment: ViewAttachment) -> ViewSlot? {
            box.withLock { box in
                box.views.firstIndex { $0.id == attachment.id }.map { $0 == 0 ? .primary : .duplicate }
            }
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
                return (box.state, [box.onChange].compactMap { $0 } + box.views.map(\.onChange))
            }
            if let (state, handlers) = notification { for handler in handlers { handler(state) } }
        }
    }
}
