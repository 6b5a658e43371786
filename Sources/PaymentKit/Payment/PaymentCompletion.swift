// Hand-written: the exactly-once guarantee. Every path of a payment ends here; the first result wins,
// anything presented is dismissed first, and the callback runs on the main queue.
import Dispatch
import Foundation
import SpecsmithRuntime

/// A one-shot latch around a payment's callback, with the payment's overall deadline.
///
/// What the deadline and a cancellation report depends on whether the card was sent; that is
/// decided under the same lock that finishes the payment, so a payment that reported `.failed`
/// never sends the card afterwards, and one that sent it never reports `.failed` for a timeout.
final class PaymentCompletion: Sendable {
    private struct State {
        var callback: (@MainActor @Sendable (PaymentResult) -> Void)?
        var presenter: (any ChallengePresenter)?
        var isPresenting = false
        /// Reports the page shown now as closed; `nil` once the page gave its result.
        var closePage: (@Sendable () -> Void)?
        var cardSent = false
        var sessionID: String?
        var work: Task<Void, Never>?
        var onFinish: (@Sendable () -> Void)?
    }

    private let state: Locked<State>
    let paymentId: String

    init(paymentId: String, callback: @escaping @MainActor @Sendable (PaymentResult) -> Void) {
        self.paymentId = paymentId
        state = Locked(State(callback: callback))
    }

    /// Whether a result was already given.
    var isFinished: Bool { state.withLock { $0.callback == nil } }

    /// Runs the flow, and gives the deadline's result if it has not finished within `deadline`
    /// seconds of `clock`; `onFinish` runs once, right after the result is decided and before it is
    /// delivered, whoever decides it.
    func start(
        deadline: TimeInterval, clock: any DeadlineClock, onFinish: @escaping @Sendable () -> Void,
        flow: @escaping @Sendable () async -> PaymentResult
    ) {
        state.withLock { $0.onFinish = onFinish }
        let task = Task { [self] in finish(await flow()) }
        state.withLock { $0.work = task }
        clock.schedule(after: max(deadline, 0)) { [weak self] in self?.expire() }
    }

    /// The deadline passed: `.unresolved` once the card was sent, `.failed` before.
    func expire() {
        finish { state in
            PaymentResult(
                outcome: state.cardSent ? .unresolved : .failed, paymentId: paymentId, error: .timedOut,
                sessionId: state.sessionID)
        }
    }

    /// The app cancelled the payment's task. A page on screen is closed as if by the payer, so the
    /// flow abandons the session and reports what the gateway says; otherwise the payment ends now:
    /// `.cancelled` while nothing was sent, `.unresolved` once the card may have reached the gateway.
    func cancel() {
        let closePage = state.withLock { state -> (@Sendable () -> Void)? in
            guard state.callback != nil else { return nil }
            return state.closePage
        }
        if let closePage { return closePage() }
        finish { state in
            state.cardSent
                ? PaymentResult(
                    outcome: .unresolved, paymentId: paymentId, error: .cancelledAfterSending,
                    sessionId: state.sessionID)
                : PaymentResult(outcome: .cancelled, paymentId: paymentId)
        }
    }

    /// Whether the card (or the hosted page) may have reached the gateway.
    var isCardSent: Bool { state.withLock { $0.cardSent } }

    /// Records that the card is about to be sent: from now on a lost answer means the SDK cannot
    /// know the outcome.
    /// - Returns: `false` when the payment already ended; then the card must not be sent.
    func markCardSent() -> Bool {
        state.withLock { state in
            guard state.callback != nil else { return false }
            state.cardSent = true
            return true
        }
    }

    /// Records the card session, so a deadline or a cancellation can name it.
    func noteSession(_ id: String) { state.withLock { $0.sessionID = id } }

    /// Shows `page` on the main queue, unless a result was already given; a later `finish` then
    /// dismisses it (both are queued on the main queue under the lock, so they keep their order).
    /// - Returns: Whether the page is shown.
    func present(
        _ page: PagePresentation, with presenter: any ChallengePresenter,
        completion: @escaping @Sendable (PageResult) -> Void
    ) -> Bool {
        let report: @Sendable (PageResult) -> Void = { [self] result in
            state.withLock { $0.closePage = nil }
            completion(result)
        }
        return state.withLock { state in
            guard state.callback != nil else { return false }
            state.presenter = presenter
            state.isPresenting = true
            state.closePage = { report(.closed) }
            DispatchQueue.main.async { presenter.present(page, completion: report) }
            return true
        }
    }

    /// Gives `result` unless a result was given already; dismisses a page still shown first.
    func finish(_ result: PaymentResult) { finish { _ in result } }

    /// Gives the result `decide` makes from the state under the lock, unless a result was given already.
    private func finish(_ decide: (State) -> PaymentResult) {
        var work: Task<Void, Never>?
        state.withLock { state in
            guard let callback = state.callback else { return }
            let result = decide(state)
            state.callback = nil
            // Before the result is queued: an app that starts the same payment again as soon as
            // this one reports must find it ended, not `.alreadyInProgress`.
            state.onFinish?()
            state.onFinish = nil
            let deliver: @Sendable () -> Void = { DispatchQueue.main.async { callback(result) } }
            if state.isPresenting, let presenter = state.presenter {
                DispatchQueue.main.async { presenter.dismiss(completion: deliver) }
            } else {
                deliver()
            }
            // The app's view controller is not kept once the payment ended.
            state.presenter = nil
            state.isPresenting = false
            state.closePage = nil
            work = state.work
        }
        // Outside the lock: a cancellation handler of the flow may come back to this latch.
        work?.cancel()
    }
}
