import Foundation
import PaymentKit
import PaymentKitTesting
import SpecsmithRuntime
import SpecsmithTesting

/// A deadline clock that passes only when the test says, so a test decides where in the flow the
/// deadline falls instead of racing a timer.
final class ManualDeadlineClock: DeadlineClock {
    private let actions = Locked<[@Sendable () -> Void]>([])

    func schedule(after seconds: TimeInterval, _ action: @escaping @Sendable () -> Void) {
        actions.withLock { $0.append(action) }
    }

    /// Every deadline scheduled so far passes now.
    func passDeadlines() {
        let due = actions.withLock { actions in
            defer { actions = [] }
            return actions
        }
        for action in due { action() }
    }
}

/// Holds every request of one operation until the test releases it, and says when one arrived:
/// the test knows the SDK is exactly there (before the request leaves the client).
final class HoldingMiddleware: TransportMiddleware {
    let operation: String
    let reached = Gate()
    let release = Gate()
    /// The last request held, as the SDK would have sent it.
    let held = Recorder<TransportRequest?>(nil)

    init(_ operation: String) { self.operation = operation }

    func intercept(
        _ request: TransportRequest, operation: WireOperation,
        next: @Sendable (TransportRequest) async throws(TransportFailure) -> TransportResponse
    ) async throws(TransportFailure) -> TransportResponse {
        if operation.name == self.operation {
            held.update { $0 = request }
            reached.open()
            await release.wait()
        }
        return try await next(request)
    }
}

/// A payer who opens the challenge and never answers; `presented` opens when the page is shown.
final class SilentPayer: ChallengePresenter {
    let inner = HeadlessChallengePresenter(actions: [], quirk: .neverReports)
    let presented = Gate()

    func present(_ page: PagePresentation, completion: @escaping @Sendable (PageResult) -> Void) {
        inner.present(page, completion: completion)
        presented.open()
    }

    func dismiss(completion: @escaping @Sendable () -> Void) { inner.dismiss(completion: completion) }

    var dismissals: Int { inner.dismissals }
}

/// A payer who approves the challenge and opens `released` when nothing holds it any more, as a
/// view controller the app dismissed would be freed.
final class ReleasedPayer: ChallengePresenter {
    let inner = HeadlessChallengePresenter.approve
    let released: Gate

    init(released: Gate) { self.released = released }

    deinit { released.open() }

    func present(_ page: PagePresentation, completion: @escaping @Sendable (PageResult) -> Void) {
        inner.present(page, completion: completion)
    }

    func dismiss(completion: @escaping @Sendable () -> Void) { inner.dismiss(completion: completion) }
}
