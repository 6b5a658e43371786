import Foundation
import SpecsmithRuntime

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One thread that waits in `poll()` on its share of a server's sockets and runs the tasks of those
/// connections itself: it is their task executor, so a request is read, answered and written on this
/// thread, with no hop to the shared cooperative pool and no thread to wake. Waits have deadlines,
/// which is how idle and read timeouts work. `poll()` rather than epoll keeps it portable to the
/// Apple platforms a simulator's mock runs on; a loop here has tens of connections, not thousands.
/// Where task executors are unavailable (before macOS 15 and iOS 18), the tasks run on the pool and
/// the loop only waits.
///
/// A responder that blocks its thread (a semaphore, a synchronous network call) blocks every
/// connection of its loop; one that suspends does not.
final class EventLoop: Sendable {
    enum Readiness: Sendable {
        case ready
        case timedOut
        /// The loop is stopping, or the wait was interrupted.
        case closed
    }

    private struct Waiter {
        // Unchecked: a waiter is removed from `waiters` under the lock before it is resumed, so it is
        // resumed once (EventLoopContinuationTests races every way a wait can end).
        var continuation: UnsafeContinuation<Readiness, Never>
        var writable: Bool
        var deadline: MonotonicInstant?
    }

    private struct State {
        var waiters: [Int32: Waiter] = [:]
        /// Interrupted while no task waited on them: their next wait ends at once.
        var interrupted: Set<Int32> = []
        var stopping = false
        var sleeping = false
        /// Jobs of the tasks that prefer this loop as their executor, run between polls.
        var jobs: [UnownedJob] = []
        /// The thread has ended: jobs go to the global executor instead.
        var finished = false
        /// The loop's thread, once it runs.
        var thread: Thread?
    }

    /// A pipe whose read end is always polled, so a write wakes the loop thread.
    private let wakeRead: Int32
    private let wakeWrite: Int32
    private let state = Locked(State())
    private let finished = DispatchSemaphore(value: 0)

    /// A loop whose thread is named `MockHTTPServer.events.<index>`.
    init(index: Int = 0) throws(SocketFailure) {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw SocketFailure("pipe") }
        wakeRead = ends[0]
        wakeWrite = ends[1]
        for end in ends {
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
            _ = fcntl(end, F_SETFD, fcntl(end, F_GETFD) | FD_CLOEXEC)
        }
        let thread = Thread { [self] in run() }
        thread.name = "MockHTTPServer.events.\(index)"
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
        // Each waiter is removed under the lock before it is resumed, so it is resumed exactly once:
        // the unchecked continuation saves an allocation on every wait.
        await withUnsafeContinuation { continuation in
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

    /// Whether the caller runs on this loop's thread.
    var isCurrent: Bool {
        Thread.current == state.withLock { $0.thread }
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
        // A task running on this loop (a responder that stops its own server) cannot wait for
        // the loop to end: the loop ends when that task's job returns.
        guard !isCurrent else { return }
        finished.wait()
        finished.signal()
    }

    /// Runs `job` on the loop thread between polls, or on the global executor once the thread has
    /// ended (a task still finishing after `stop()`).
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    func enqueue(_ job: UnownedJob) {
        let (queued, wake) = state.withLock { state -> (Bool, Bool) in
            guard !state.finished else { return (false, false) }
            state.jobs.append(job)
            defer { state.sleeping = false }
            return (true, state.sleeping)
        }
        if wake { signal() }
        if !queued { runElsewhere(job) }
    }

    private func runElsewhere(_ job: UnownedJob) {
        DispatchQueue.global().async { [self] in runJob(job) }
    }

    private func runJob(_ job: UnownedJob) {
        // Only a task executor is ever handed jobs, so the other branch never runs.
        if #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *) {
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }

    private func signal() {
        var byte: UInt8 = 1
        _ = write(wakeWrite, &byte, 1)
    }

    // MARK: - The loop thread

    private func run() {
        var descriptors: [pollfd] = []
        var drain = [UInt8](repeating: 0, count: 64)
        state.withLock { $0.thread = Thread.current }
        // Both lists are kept from one pass to the next, emptied but with their memory, so a pass
        // allocates nothing: the queue is swapped with the emptied list of the pass before.
        var jobs: [UnownedJob] = []
        var resumed: [(UnsafeContinuation<Readiness, Never>, Readiness)] = []
        while true {
            jobs.removeAll(keepingCapacity: true)
            state.withLock { swap(&jobs, &$0.jobs) }
            for job in jobs { runJob(job) }
            let timeout = state.withLock { state -> Int32 in
                descriptors.removeAll(keepingCapacity: true)
                descriptors.append(pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0))
                var soonest: MonotonicInstant?
                for (descriptor, waiter) in state.waiters {
                    descriptors.append(
                        pollfd(fd: descriptor, events: Int16(waiter.writable ? POLLOUT : POLLIN), revents: 0))
                    if let deadline = waiter.deadline, soonest.map({ deadline < $0 }) ?? true { soonest = deadline }
                }
                guard state.jobs.isEmpty else { return 0 }
                state.sleeping = true
                guard let soonest else { return -1 }
                return Int32(clamping: MonotonicInstant.now.milliseconds(until: soonest) + 1)
            }
            let count = poll(&descriptors, nfds_t(descriptors.count), timeout)
            if count < 0, errno != EINTR { break }
            if descriptors[0].revents != 0 { while read(wakeRead, &drain, drain.count) > 0 {} }
            resumed.removeAll(keepingCapacity: true)
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
        let left = state.withLock { state in
            state.finished = true
            defer { state.jobs = [] }
            return state.jobs
        }
        for job in left { runElsewhere(job) }
        finished.signal()
    }
}

@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
extension EventLoop: TaskExecutor {
    func enqueue(_ job: consuming ExecutorJob) {
        enqueue(UnownedJob(job))
    }
}
