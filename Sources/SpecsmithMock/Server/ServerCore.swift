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
        let loop: EventLoop
        let status: ConnectionStatus
    }

    private struct State {
        var phase = Phase.running
        var connections: [ObjectIdentifier: Connection] = [:]
        var acceptorDone = false
        /// How many connections have been admitted, to hand them to the loops in turn.
        var admitted = 0
        var acceptorWaiters: [CheckedContinuation<Void, Never>] = []
        var drainWaiters: [CheckedContinuation<Void, Never>] = []
        var stopWaiters: [CheckedContinuation<Void, Never>] = []
    }

    let configuration: MockHTTPServer.Configuration
    let responder: MockHTTPServer.Responder
    /// The body of the server's own refusals (a malformed request, a body over the limit), in the
    /// served spec's error shape once the service is known.
    let refusal: MockHTTPServer.RefusalResponder
    let listener: Socket
    /// The event loops, each a thread that polls its connections and runs their tasks; the first
    /// also serves the listener.
    let loops: [EventLoop]
    var loop: EventLoop { loops[0] }
    let port: UInt16
    let admin: AdminGuard
    /// Accepted descriptors numbered this high are refused: the kernel hands out the lowest free
    /// number, so a high one means the table is nearly full, and the process must keep some
    /// descriptors free (libdispatch traps when it cannot open one for its own bookkeeping).
    let descriptorCeiling: Int32
    private let state = Locked(State())

    init(
        configuration: MockHTTPServer.Configuration, responder: @escaping MockHTTPServer.Responder,
        refusal: @escaping MockHTTPServer.RefusalResponder
    ) throws(SocketFailure) {
        self.configuration = configuration
        self.responder = responder
        self.refusal = refusal
        listener = try Socket.listen(host: configuration.host, port: configuration.port)
        listener.setNonBlocking()
        port = listener.boundPort()
        loops = try (0..<max(1, configuration.eventLoops)).map { index throws(SocketFailure) in
            try EventLoop(index: index)
        }
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
        spawn(on: loop) { [self] in await acceptLoop() }
    }

    /// Starts a task on the event loop's thread where the platform has task executors, so a
    /// connection's work never waits for a thread of the shared pool, nor wakes one.
    private func spawn(on loop: EventLoop, _ operation: @escaping @Sendable () async -> Void) {
        if #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *) {
            Task(executorPreference: loop, priority: configuration.taskPriority, operation: operation)
        } else {
            Task(priority: configuration.taskPriority, operation: operation)
        }
    }

    var isStopping: Bool { state.withLock { $0.phase != .running } }

    var descriptors: [Int32] {
        [listener.descriptor] + loops.flatMap(\.descriptors)
            + state.withLock { $0.connections.values.map(\.socket.descriptor) }
    }

    var descriptorsAreCloseOnExec: Bool {
        listener.isCloseOnExec && loops.allSatisfy(\.isCloseOnExec)
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
        let connections = state.withLock { Array($0.connections.values) }
        for connection in connections where connection.status.stop() {
            connection.loop.interrupt(connection.socket.descriptor)
        }
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
        for loop in loops { loop.stop() }
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
        for loop in loops { loop.stop() }
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
                let status = ConnectionStatus()
                let admitted = state.withLock { state -> EventLoop?? in
                    guard state.phase == .running else { return nil }
                    guard state.connections.count < configuration.maxConnections,
                        socket.descriptor < descriptorCeiling
                    else { return .some(nil) }
                    let loop = loops[state.admitted % loops.count]
                    state.admitted &+= 1
                    state.connections[ObjectIdentifier(socket)] = Connection(
                        socket: socket, loop: loop, status: status)
                    return loop
                }
                switch admitted {
                case nil:
                    socket.close()
                    break accepting
                case nil?:
                    refuse(socket)
                case let loop??:
                    spawn(on: loop) { [self] in
                        await serve(socket, status: status, on: loop)
                        finish(socket, on: loop)
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
    private func finish(_ socket: Socket, on loop: EventLoop) {
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

}

/// What the server and one connection's task share: whether the connection waits idle for a
/// request, and whether the server has told it that it stops. Each connection has its own lock, so
/// the two marks of every request, from every loop, never meet on the server's.
final class ConnectionStatus: Sendable {
    private struct Flags {
        var isIdle = true
        var isStopping = false
    }

    private let flags = Locked(Flags())

    /// Marks the connection idle or busy; `false` when the server is stopping and an idle
    /// connection should close.
    func mark(idle: Bool) -> Bool {
        flags.withLock { flags in
            flags.isIdle = idle
            return !(idle && flags.isStopping)
        }
    }

    /// Whether the server has told the connection that it stops.
    var isStopping: Bool { flags.withLock { $0.isStopping } }

    /// Tells the connection that the server stops; whether it was idle, and should be closed now.
    func stop() -> Bool {
        flags.withLock { flags in
            flags.isStopping = true
            return flags.isIdle
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
