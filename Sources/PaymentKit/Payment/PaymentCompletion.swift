// Hand-written: the exactly-once guarantee. Every path of a payment ends here; the first result wins,
// anything presented is dismissed first, and the callback runs on the main queue.
import Dispatch
import Foundation
import SpecsmithRuntime

/// A one-shot latch around a payment's callback, with the payment's overall deadline.
final class PaymentCompletion: Sendable {
    private struct State {
        var callback: (@Sendable (PaymentResult) -> Void)?
        var presenter: (any ChallengePresenter)?
        var isPresenting = false
        var cardSent = false
        var work: Task<Void, Never>?
    }

    private let state: Locked<State>
    let paymentId: String

    init(paymentId: String, callback: @escaping @Sendable (PaymentResult) -> Void) {
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

    /// Remembers that `presenter` shows a page, so it is dismissed before the result.
    func presenting(_ presenter: any ChallengePresenter) {
        state.withLock {
            $0.presenter = presenter
            $0.isPresenting = true
        }
    }

    /// The page was dismissed by the flow itself.
    func dismissed() { state.withLock { $0.isPresenting = false } }

    /// Gives `result` unless a result was given already; dismisses a page still shown first.
    func finish(_ result: PaymentResult) {
        let taken = state.withLock {
            state -> (
                callback: @Sendable (PaymentResult) -> Void, presenter: (any ChallengePresenter)?,
                work: Task<Void, Never>?
            )? in
            guard let callback = state.callback else { return nil }
            state.callback = nil
            let presenter = state.isPresenting ? state.presenter : nil
            state.isPresenting = false
            return (callback, presenter, state.work)
        }
        guard let taken else { return }
        taken.work?.cancel()
        let deliver: @Sendable () -> Void = { DispatchQueue.main.async { taken.callback(result) } }
        if let presenter = taken.presenter {
            DispatchQueue.main.async { presenter.dismiss(completion: deliver) }
        } else {
            deliver()
        }
    }
}
