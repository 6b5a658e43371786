// Hand-written: app and extension are two processes; only the file system can order their writes.
import Foundation

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// An exclusive `flock` on a lock file, held from `init` until ``unlock()``, which the caller calls once.
///
/// Each lock opens the file anew, and `flock` belongs to the open file, so two locks in one process
/// exclude each other as two processes do. Held only around one short read-and-replace, never across
/// a suspension: iOS ends an app suspended while it holds a lock in a shared container.
struct FileLock {
    private let descriptor: Int32

    /// Waits for the lock on `url`, creating the file if needed.
    init(url: URL) throws {
        let descriptor = open(url.path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        while flock(descriptor, LOCK_EX) != 0 {
            guard errno == EINTR else {
                let code = POSIXErrorCode(rawValue: errno) ?? .EIO
                close(descriptor)
                throw POSIXError(code)
            }
        }
        self.descriptor = descriptor
    }

    /// Releases the lock; call it once.
    func unlock() {
        _ = flock(descriptor, LOCK_UN)
        close(descriptor)
    }
}
