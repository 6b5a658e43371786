import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A value guarded by a lock: the one lock type of the runtime, the mock and the SDKs.
///
/// `Synchronization.Mutex` would do this job, but it needs iOS 18 / macOS 15 and the seeds' floor is
/// iOS 15 / macOS 12. On Linux the lock is a glibc adaptive mutex, which spins briefly before it
/// sleeps: the mock's event loops take the same short-held locks tens of thousands of times a
/// second from two threads, and a plain mutex put the loser to sleep in the kernel and woke it
/// again each time. Elsewhere it is `NSLock`.
package final class Locked<Value>: @unchecked Sendable {
    // @unchecked: `value` is read and written only inside `withLock`, which holds the lock throughout.
    private let lock = SpinThenSleepLock()
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

#if canImport(Glibc)
    /// A `PTHREAD_MUTEX_ADAPTIVE_NP` mutex at a stable address.
    private final class SpinThenSleepLock {
        private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)

        init() {
            var attributes = pthread_mutexattr_t()
            pthread_mutexattr_init(&attributes)
            pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_ADAPTIVE_NP))
            pthread_mutex_init(mutex, &attributes)
            pthread_mutexattr_destroy(&attributes)
        }

        deinit {
            pthread_mutex_destroy(mutex)
            mutex.deallocate()
        }

        func lock() { pthread_mutex_lock(mutex) }
        func unlock() { pthread_mutex_unlock(mutex) }
    }
#else
    private typealias SpinThenSleepLock = NSLock
#endif
