import Foundation
import SpecsmithRuntime

/// The working part of a ``MockHTTPServer``: listener, event loop, connections and their tasks.
/// The tasks hold this object, never the public server, so a server released without `stop()` is
/// deinitialised and can shut this down.
final class ServerCore: Sendable {
    private enum Phase {
        case running, stopping, stopped
    }

    private struct Connection {
        let socket: Socket
        var isIdle: Bool
    }

    private struct State {
        var phase = Phase.running
        var connections: [ObjectIdentifier: Connection] = [:]
        var acceptorDone = false
        var acceptorWaiters: [CheckedContinuation<Void, Never>] = []
        var drainWaiters: [CheckedContinuation<Void, Never>] = []
        var stopWaiters: [CheckedContinuation<Void, Never>] = []
    }

    let configuration: MockHTTPServer.Configuration
    let responder: MockHTTPServer.Responder
    let listener: Socket
    let loop: EventLoop
    let port: UInt16
    let admin: AdminGuard
    /// Accepted descriptors numbered this high are refused: the kernel hands out the lowest free
    /// number, so a high one means the table is nearly full, and the process must keep some
    /// descriptors free (libdispatch traps when it cannot open one for its own bookkeeping).
    let descriptorCeiling: Int32
    private let state = Locked(State())

    init(configuration: MockHTTPServer.Configuration, responder: @escaping MockHTTPServer.Responder)
        throws(SocketFailure)
    {
        self.configuration = configuration
        self.responder = responder
        listener = try Socket.listen(host: configuration.host, port: configuration.port)
        listener.setNonBlocking()
        port = listener.boundPort()
        loop = try EventLoop()
        admin = AdminGuard(port: port, token: configuration.adminToken)
        descriptorCeiling = Self.descriptorCeiling(reserving: 32)
    }

    /// The soft descriptor limit less `reserve`, never below `reserve`.
    static func descriptorCeiling(reserving reserve: Int32) -> Int32 {
        var limit = rlimit()
        #if canImport(Glibc)
            let resource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
        #else
            let resource = RLIMIT_NOFILE
        #endif
        guard getrlimit(resource, &limit) == 0 else { return Int32.max }
        let soft = Int32(clamping: limit.rlim_cur)
        return soft == Int32.max ? soft : max(reserve, soft - reserve)
    }

    func start() {
        Task(priority: configuration.taskPriority) { [self] in await acceptLoop() }
    }

    var isStopping: Bool { state.withLock { $0.phase != .running } }

    var descriptors: [Int32] {
        [listener.descriptor] + loop.descriptors + state.withLock { $0.connections.values.map(\.socket.descriptor) }
    }

    var descriptorsAreCloseOnExec: Bool {
        listener.isCloseOnExec && loop.isCloseOnExec
            && state.withLock { $0.connections.values.allSatisfy(\.socket.isCloseOnExec) }
    }

    // MARK: - Stopping

    func stop() async {
        let phase = state.withLock { state -> Phase in
            defer { if state.phase == .running { state.phase = .stopping } }
            return state.phase
        }
        switch phase {
        case .running:
            break
        case .stopping:
            // A second stop: return when the first is done.
            return await withCheckedContinuation { continuation in
                let parked = state.withLock { state -> Bool in
                    guard state.phase == .stopping else { return false }
                    state.stopWaiters.append(continuation)
                    return true
                }
                if !parked { continuation.resume() }
            }
        case .stopped:
            return
        }
        // 1. No new connections: the acceptor closes the listener and ends.
        loop.interrupt(listener.descriptor)
        await withCheckedContinuation { continuation in
            let done = state.withLock { state -> Bool in
                if state.acceptorDone { return true }
                state.acceptorWaiters.append(continuation)
                return false
            }
            if done { continuation.resume() }
        }
        // 2. Idle connections close now; busy ones finish their request, up to the drain deadline.
        let idle = state.withLock { $0.connections.values.filter(\.isIdle).map(\.socket.descriptor) }
        for descriptor in idle { loop.interrupt(descriptor) }
        await withCheckedContinuation { continuation in
            let done = state.withLock { state -> Bool in
                if state.connections.isEmpty { return true }
                state.drainWaiters.append(continuation)
                return false
            }
            guard !done else { return continuation.resume() }
            DispatchQueue.global().asyncAfter(deadline: .now() + max(0, configuration.drainTimeout)) { [self] in
                resumeDrainWaiters()
            }
        }
        // 3. What is left is closed under the requests still running.
        let left = state.withLock { $0.connections.values.map(\.socket) }
        for socket in left { socket.shutdown() }
        loop.stop()
        let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.phase = .stopped
            defer { state.stopWaiters = [] }
            return state.stopWaiters
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Stops at once, without waiting: the public server was released without `stop()`.
    func abandon() {
        let wasRunning = state.withLock { state -> Bool in
            defer { state.phase = .stopped }
            return state.phase == .running
        }
        guard wasRunning else { return }
        for socket in state.withLock({ $0.connections.values.map(\.socket) }) { socket.shutdown() }
        loop.stop()
        listener.close()
    }

    private func resumeDrainWaiters() {
        let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            defer { state.drainWaiters = [] }
            return state.drainWaiters
        }
        for waiter in waiters { waiter.resume() }
    }

    // MARK: - Accepting

    private func acceptLoop() async {
        var backoff = AcceptBackoff()
        accepting: while true {
            switch listener.acceptPending() {
            case let .connection(socket):
                backoff.reset()
                let admitted = state.withLock { state -> Bool? in
                    guard state.phase == .running else { return nil }
                    guard state.connections.count < configuration.maxConnections,
                        socket.descriptor < descriptorCeiling
                    else { return false }
                    state.connections[ObjectIdentifier(socket)] = Connection(socket: socket, isIdle: true)
                    return true
                }
                switch admitted {
                case nil:
                    socket.close()
                    break accepting
                case false?:
                    refuse(socket)
                case true?:
                    Task(priority: configuration.taskPriority) { [self] in
                        await serve(socket)
                        finish(socket)
                    }
                }
            case .wouldBlock:
                guard !isStopping else { break accepting }
                if await loop.wait(for: listener.descriptor, deadline: nil) == .closed { break accepting }
            case .exhausted:
                // Out of descriptors: the pending connection stays queued and the listener stays
                // readable, so waiting on it would spin. Pause, longer each time, and retry.
                try? await Task.sleep(nanoseconds: backoff.next())
                guard !isStopping else { break accepting }
            case .failed:
                break accepting
            }
        }
        loop.forget(listener.descriptor)
        listener.close()
        let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.acceptorDone = true
            defer { state.acceptorWaiters = [] }
            return state.acceptorWaiters
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Answers a connection over the cap with 503 and closes it, without reading its request.
    private func refuse(_ socket: Socket) {
        let body = Data(#"{"error":{"code":503,"message":"the mock serves too many connections"}}"#.utf8)
        let bytes = HTTPResponseEncoder.encode(
            MockResponse(status: 503, body: body), method: nil, keepAlive: false)
        bytes.withUnsafeBytes { _ = socket.sendSome($0) }
        socket.close()
    }

    /// The one place a connection's descriptor is closed: once the loop has forgotten it, so the
    /// number the kernel hands to the next connection has no stale wait filed under it.
    private func finish(_ socket: Socket) {
        loop.forget(socket.descriptor)
        socket.close()
        let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.connections[ObjectIdentifier(socket)] = nil
            guard state.connections.isEmpty else { return [] }
            defer { state.drainWaiters = [] }
            return state.drainWaiters
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Marks the connection idle or busy; `false` when the server is stopping and an idle
    /// connection should close.
    func mark(_ socket: Socket, idle: Bool) -> Bool {
        state.withLock { state in
            state.connections[ObjectIdentifier(socket)]?.isIdle = idle
            return !(idle && state.phase != .running)
        }
    }
}

/// How long the acceptor pauses after running out of descriptors: 1 ms, doubling to 100 ms.
struct AcceptBackoff {
    static let first: UInt64 = 1_000_000
    static let longest: UInt64 = 100_000_000
    private var current: UInt64 = 0

    /// The next pause in nanoseconds.
    mutating func next() -> UInt64 {
        current = current == 0 ? Self.first : min(current * 2, Self.longest)
        return current
    }

    mutating func reset() {
        current = 0
    }
}
