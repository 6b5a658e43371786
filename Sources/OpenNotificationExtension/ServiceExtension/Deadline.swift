// Hand-written: a time limit that holds even when the work ignores cancellation, because the
// extension must answer iOS in time whatever the network does.
import Foundation
import SpecsmithRuntime

enum Deadline {
    /// The result of `work`, or `nil` when `seconds` pass first. The work is cancelled then, but not awaited.
    static func run<Value: Sendable>(seconds: TimeInterval, _ work: @escaping @Sendable () async -> Value) async
        -> Value?
    {
        let resumed = Locked(false)
        return await withCheckedContinuation { (continuation: CheckedContinuation<Value?, Never>) in
            @Sendable func resume(_ value: Value?) {
                guard
                    resumed.withLock({ done in
                        defer { done = true }
                        return !done
                    })
                else { return }
                continuation.resume(returning: value)
            }
            let timer = Task {
                try? await Task.sleep(nanoseconds: UInt64(max(0, seconds) * 1_000_000_000))
                resume(nil)
            }
            let task = Task {
                resume(await work())
                timer.cancel()
            }
            Task {
                await timer.value
                task.cancel()
            }
        }
    }
}
