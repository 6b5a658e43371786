// Hand-written: the exactly-once guarantee. Every path of a payment ends here; the first result wins,
// anything presented is dismissed first, and the callback runs on the main queue.
import Dispatch
import Foundation
import SpecsmithRuntime

/// A one-shot latch around a payment's callback, with the payment's overall deadline.
final class PaymentCompletion: Sendable {
    private struct State {
        var callback: (@MainActor @Sendable (PaymentResult) -> Void)?
        var presenter: (any ChallengePresenter)?
        var isPresenting = false
        var cardSent = false
        var work: Task<Void, Never>?
    }

    private let state: Locked<State>
    let paymentId: String

    init(paymentId: String, callback: @escaping @MainActor @Sendable (PaymentResult) -> Void) {
        self.paymentId = paymentId
        state = Locked(State(callback: callback))
    }

    /// Whether a result was already given.
    var isFinished: Bool { state.withLock { $0.callback == nil } }

    /// Runs the flow, and gives `onDeadline` if it has not finished within `deadline` seconds.
    func start(deadline: TimeInterval, flow: @escaping @Sendable () async -> PaymentResult) {
        let task = Task { [self] in finish(await flow()) }
        state.withLock { $0.work = task }
        DispatchQueue.global().asyncAfter(deadline: .now() + max(deadline, 0)) { [self] in
            let sent = state.withLock { $0.cardSent }
            finish(
                PaymentResult(outcome: sent ? .unresolved : .failed, paymentId: paymentId, error: .timedOut))
        }
    }

    /// Whether the card (or the hosted page) may have reached the gateway.
    var isCardSent: Bool { state.withLock { $0.cardSent } }

    /// From now on, a lost answer means the SDK cannot know the outcome.
    func markCardSent() { state.withLock { $0.cardSent = true } }

    /// Shows `page` on the main queue, unless a result was already given; a later `finish` then
    /// dismisses it (both are queued on the main queue under the lock, so they keep their order).
    /// - Returns: Whether the page is shown.
    func present(
        _ page: PagePresentation, with presenter: any ChallengePresenter,
        completion: @escaping @Sendable (PageResult) -> Void
    ) -> Bool {
        state.withLock { state in
            guard state.callback != nil else { return false }
            state.presenter = presenter
            state.isPresenting = true
            DispatchQueue.main.async { presenter.present(page, completion: completion) }
            return true
        }
    }

    /// Gives `result` unless a result was given already; dismisses a page still shown first.
    func finish(_ result: PaymentResult) {
        let work = state.withLock { state -> Task<Void, Never>?? in
            guard let callback = state.callback else { return nil }
            state.callback = nil
            let deliver: @Sendable () -> Void = { DispatchQueue.main.async { callback(result) } }
            if state.isPresenting, let presenter = state.presenter {
                DispatchQueue.main.async { presenter.dismiss(completion: deliver) }
            } else {
                deliver()
            }
            state.isPresenting = false
            return .some(state.work)
        }
        if let work { work?.cancel() }
    }
}
