import Foundation
import SpecsmithRuntime

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One thread that waits in `poll()` on every socket of a server and resumes the task waiting on
/// each, so connections are served by Swift tasks instead of a thread apiece. Waits have deadlines,
/// which is how idle and read timeouts work. `poll()` rather than epoll keeps it portable to the
/// Apple platforms a simulator's mock runs on; a server here has tens of connections, not thousands.
final class EventLoop: Sendable {
    enum Readiness: Sendable {
        case ready
        case timedOut
        /// The loop is stopping, or the wait was interrupted.
        case closed
    }

    private struct Waiter {
        var continuation: CheckedContinuation<Readiness, Never>
        var writable: Bool
        var deadline: MonotonicInstant?
    }

    private struct State {
        var waiters: [Int32: Waiter] = [:]
        /// Interrupted while no task waited on them: their next wait ends at once.
        var interrupted: Set<Int32> = []
        var stopping = false
        var sleeping = false
    }

    /// A pipe whose read end is always polled, so a write wakes the loop thread.
    private let wakeRead: Int32
    private let wakeWrite: Int32
    private let state = Locked(State())
    private let finished = DispatchSemaphore(value: 0)

    init() throws(SocketFailure) {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw SocketFailure("pipe") }
        wakeRead = ends[0]
        wakeWrite = ends[1]
        for end in ends {
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
            _ = fcntl(end, F_SETFD, fcntl(end, F_GETFD) | FD_CLOEXEC)
        }
        let thread = Thread { [self] in run() }
        thread.name = "MockHTTPServer.events"
        thread.start()
    }

    deinit {
        close(wakeRead)
        close(wakeWrite)
    }

    /// The wake pipe's two ends.
    var descriptors: [Int32] { [wakeRead, wakeWrite] }

    /// Whether both ends of the wake pipe are close-on-exec.
    var isCloseOnExec: Bool { descriptors.allSatisfy { fcntl($0, F_GETFD) & FD_CLOEXEC != 0 } }

    /// Suspends until `descriptor` can be read (or written, with `writable`), the deadline passes, or
    /// the loop stops.
    func wait(for descriptor: Int32, writable: Bool = false, deadline: MonotonicInstant?) async -> Readiness {
        await withCheckedContinuation { continuation in
            let (accepted, wake) = state.withLock { state -> (Bool, Bool) in
                guard !state.stopping, state.interrupted.remove(descriptor) == nil else { return (false, false) }
                state.waiters[descriptor] = Waiter(continuation: continuation, writable: writable, deadline: deadline)
                // The loop thread polls a fixed set; it must look again to include this one.
                let wake = state.sleeping
                state.sleeping = false
                return (true, wake)
            }
            guard accepted else { return continuation.resume(returning: .closed) }
            if wake { signal() }
        }
    }

    /// Ends the wait on `descriptor` with `.closed`: the current one, or else the next.
    func interrupt(_ descriptor: Int32) {
        let waiter = state.withLock { state -> Waiter? in
            guard let waiter = state.waiters.removeValue(forKey: descriptor) else {
                state.interrupted.insert(descriptor)
                return nil
            }
            return waiter
        }
        waiter?.continuation.resume(returning: .closed)
    }

    /// Forgets a descriptor that is about to be closed, so its number can be reused.
    func forget(_ descriptor: Int32) {
        let waiter = state.withLock { state -> Waiter? in
            state.interrupted.remove(descriptor)
            return state.waiters.removeValue(forKey: descriptor)
        }
        waiter?.continuation.resume(returning: .closed)
    }

    /// Resumes every waiter with `.closed` and ends the loop thread.
    func stop() {
        let waiters = state.withLock { state -> [Waiter] in
            state.stopping = true
            defer { state.waiters = [:] }
            return Array(state.waiters.values)
        }
        for waiter in waiters { waiter.continuation.resume(returning: .closed) }
        signal()
        finished.wait()
        finished.signal()
    }

    private func signal() {
        var byte: UInt8 = 1
        _ = write(wakeWrite, &byte, 1)
    }

    // MARK: - The loop thread

    private func run() {
        var descriptors: [pollfd] = []
        var drain = [UInt8](repeating: 0, count: 64)
        while true {
            let timeout = state.withLock { state -> Int32 in
                descriptors.removeAll(keepingCapacity: true)
                descriptors.append(pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0))
                var soonest: MonotonicInstant?
                for (descriptor, waiter) in state.waiters {
                    descriptors.append(
                        pollfd(fd: descriptor, events: Int16(waiter.writable ? POLLOUT : POLLIN), revents: 0))
                    if let deadline = waiter.deadline, soonest.map({ deadline < $0 }) ?? true { soonest = deadline }
                }
                state.sleeping = true
                guard let soonest else { return -1 }
                return Int32(clamping: MonotonicInstant.now.milliseconds(until: soonest) + 1)
            }
            let count = poll(&descriptors, nfds_t(descriptors.count), timeout)
            if count < 0, errno != EINTR { break }
            if descriptors[0].revents != 0 { while read(wakeRead, &drain, drain.count) > 0 {} }
            var resumed: [(CheckedContinuation<Readiness, Never>, Readiness)] = []
            let stopping = state.withLock { state -> Bool in
                state.sleeping = false
                guard !state.stopping else { return true }
                for entry in descriptors.dropFirst() where entry.revents != 0 {
                    if let waiter = state.waiters.removeValue(forKey: entry.fd) {
                        resumed.append((waiter.continuation, .ready))
                    }
                }
                let now = MonotonicInstant.now
                for (descriptor, waiter) in state.waiters where waiter.deadline.map({ $0 <= now }) == true {
                    state.waiters[descriptor] = nil
                    resumed.append((waiter.continuation, .timedOut))
                }
                return false
            }
            for (continuation, readiness) in resumed { continuation.resume(returning: readiness) }
            if stopping { break }
        }
        finished.signal()
    }
}
