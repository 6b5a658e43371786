// Hand-written: shows a page through the app's presenter and waits for exactly one answer.
import Dispatch
import SpecsmithRuntime

/// Presenting pages for the card and hosted flows.
enum PagePresenting {
    /// Shows a page and waits for its one result; a second report, or none before cancellation, is harmless.
    static func present(_ page: PagePresentation, with presenter: any ChallengePresenter, latch: PaymentCompletion)
        async -> PageResult
    {
        let once = Locked<CheckedContinuation<PageResult, Never>?>(nil)
        let resume: @Sendable (PageResult) -> Void = { result in
            once.withLock { continuation in
                continuation?.resume(returning: result)
                continuation = nil
            }
        }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                once.withLock { $0 = continuation }
                if Task.isCancelled || !latch.present(page, with: presenter, completion: resume) {
                    resume(.closed)
                }
            }
        } onCancel: {
            resume(.closed)
        }
    }
}
