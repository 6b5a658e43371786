import Foundation

/// Runs blocking work (waiting for a process, reading a pipe) on a thread of its own, so it never
/// holds one of Swift's few cooperative threads that the servers under test need.
public func blocking<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
    await withCheckedContinuation { continuation in
        Thread { continuation.resume(returning: work()) }.start()
    }
}

/// Runs throwing blocking work on a thread of its own.
public func blocking<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Result { try work() }) }.start()
    }
}
