import Foundation

/// A value guarded by a lock: the one lock type of the runtime, the mock and the SDKs.
///
/// `Synchronization.Mutex` would do this job, but it needs iOS 18 / macOS 15 and the seeds' floor is
/// iOS 15 / macOS 12; `NSLock` is available on every platform the package supports.
package final class Locked<Value>: @unchecked Sendable {
    // @unchecked: `value` is read and written only inside `withLock`, which holds `lock` throughout.
    private let lock = NSLock()
    private var value: Value

    package init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with exclusive access to the value and returns what it returns.
    package func withLock<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result) throws(Failure)
        -> Result
    {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
