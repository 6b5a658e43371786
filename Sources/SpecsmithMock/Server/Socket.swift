import Foundation
import SpecsmithRuntime

#if canImport(Glibc)
    import Glibc

    private let systemListen = Glibc.listen
    private let systemClose = Glibc.close
    private let systemShutdown = Glibc.shutdown
    private typealias Linger = Glibc.linger
    private let streamSocket = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
    private let noSignal = Int32(MSG_NOSIGNAL)
    private let shutBoth = Int32(SHUT_RDWR)
#elseif canImport(Darwin)
    import Darwin

    private let systemListen = Darwin.listen
    private let systemClose = Darwin.close
    private let systemShutdown = Darwin.shutdown
    private typealias Linger = Darwin.linger
    private let streamSocket = SOCK_STREAM
    private let noSignal: Int32 = 0  // Darwin sets SO_NOSIGPIPE on each socket instead.
    private let shutBoth = SHUT_RDWR
#endif

/// Why a socket operation failed, with the call and `errno`'s text.
public struct SocketFailure: Error, Sendable, CustomStringConvertible {
    /// The system call that failed, with its argument where that helps (`bind(127.0.0.1:8080)`).
    public var call: String
    /// The `errno` value.
    public var code: Int32

    init(_ call: String, code: Int32 = errno) {
        self.call = call
        self.code = code
    }

    /// The call and the text of its `errno`.
    public var description: String { "\(call) failed: \(String(cString: strerror(code)))" }
}

/// The single owner of one POSIX socket descriptor, and the only place that speaks to the socket API.
///
/// The descriptor is closed exactly once: by ``close()`` or, at the latest, when the owner is
/// released. Every system call runs under the owner's lock and after a close finds no
/// descriptor, so a number the kernel has meanwhile handed to another socket or file is never
/// touched. The calls are non-blocking, so the lock is held only for the call itself.
final class Socket: Sendable {
    private let state: Locked<Int32?>
    /// The number as it was opened; for the event loop's poll set and for logs, never for I/O.
    let descriptor: Int32

    private init(descriptor: Int32) {
        self.descriptor = descriptor
        state = Locked(descriptor)
    }

    deinit {
        close()
    }

    /// Runs `body` with the open descriptor, or returns `closed` when it is already closed.
    private func using<Result>(_ closed: Result, _ body: (Int32) -> Result) -> Result {
        state.withLock { open in open.map(body) ?? closed }
    }

    // MARK: - Listening

    /// A listening TCP socket on a loopback `host` (`127.0.0.1` or `::1`) and `port` (0 for ephemeral).
    static func listen(host: String, port: UInt16, backlog: Int32 = 256) throws(SocketFailure) -> Socket {
        let isIPv6 = host.contains(":")
        let descriptor = socket(isIPv6 ? AF_INET6 : AF_INET, streamSocket, 0)
        guard descriptor >= 0 else { throw SocketFailure("socket") }
        let socket = Socket(descriptor: descriptor)
        socket.setCloseOnExec()
        var yes: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        let result: Int32
        if isIPv6 {
            var address = sockaddr_in6()
            address.sin6_family = sa_family_t(AF_INET6)
            address.sin6_port = port.bigEndian
            guard inet_pton(AF_INET6, host, &address.sin6_addr) == 1 else {
                throw SocketFailure("inet_pton(\(host))", code: EINVAL)
            }
            result = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in6>.size))
                }
            }
        } else {
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = port.bigEndian
            guard inet_pton(AF_INET, host, &address.sin_addr) == 1 else {
                throw SocketFailure("inet_pton(\(host))", code: EINVAL)
            }
            result = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
        }
        guard result == 0 else { throw SocketFailure("bind(\(host):\(port))") }
        guard systemListen(descriptor, backlog) == 0 else { throw SocketFailure("listen") }
        return socket
    }

    /// The port the socket is bound to (the one the kernel picked for port 0).
    func boundPort() -> UInt16 {
        using(0) { descriptor in
            var storage = sockaddr_storage()
            var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
            _ = withUnsafeMutablePointer(to: &storage) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
            }
            if storage.ss_family == sa_family_t(AF_INET6) {
                return withUnsafePointer(to: &storage) {
                    $0.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) {
                        UInt16(bigEndian: $0.pointee.sin6_port)
                    }
                }
            }
            return withUnsafePointer(to: &storage) {
                $0.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { UInt16(bigEndian: $0.pointee.sin_port) }
            }
        }
    }

    // MARK: - Non-blocking use

    /// Makes reads, writes and accepts return at once instead of blocking.
    func setNonBlocking() {
        using(()) { descriptor in _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK) }
    }

    /// Keeps the descriptor out of any program the process executes.
    private func setCloseOnExec() {
        using(()) { descriptor in _ = fcntl(descriptor, F_SETFD, fcntl(descriptor, F_GETFD) | FD_CLOEXEC) }
    }

    /// Whether the descriptor is still open and marked close-on-exec.
    var isCloseOnExec: Bool {
        using(false) { descriptor in fcntl(descriptor, F_GETFD) & FD_CLOEXEC != 0 }
    }

    enum AcceptResult {
        case connection(Socket)
        case wouldBlock
        /// The process or system is out of descriptors or memory: retry after a pause, not at once.
        case exhausted
        case failed
    }

    /// The next pending connection, made non-blocking and close-on-exec, without waiting.
    func acceptPending() -> AcceptResult {
        using(.failed) { descriptor in
            while true {
                // Glibc's module map does not export accept4, so the flag is set right after.
                let client = accept(descriptor, nil, nil)
                if client >= 0 {
                    let socket = Socket(descriptor: client)
                    socket.setCloseOnExec()
                    socket.setNonBlocking()
                    var yes: Int32 = 1
                    setsockopt(client, Int32(IPPROTO_TCP), TCP_NODELAY, &yes, socklen_t(MemoryLayout<Int32>.size))
                    #if canImport(Darwin)
                        setsockopt(client, SOL_SOCKET, SO_NOSIGPIPE, &yes, socklen_t(MemoryLayout<Int32>.size))
                    #endif
                    return .connection(socket)
                }
                switch errno {
                case EINTR, ECONNABORTED, EPROTO: continue
                case EAGAIN, EWOULDBLOCK: return .wouldBlock
                case EMFILE, ENFILE, ENOBUFS, ENOMEM: return .exhausted
                default: return .failed
                }
            }
        }
    }

    enum TransferResult: Equatable {
        case bytes(Int)
        case wouldBlock
        case closed
    }

    /// Reads what has arrived, without waiting.
    func receive(into buffer: UnsafeMutableRawBufferPointer) -> TransferResult {
        using(.closed) { descriptor in
            while true {
                let count = recv(descriptor, buffer.baseAddress, buffer.count, 0)
                if count > 0 { return .bytes(count) }
                if count == 0 { return .closed }
                switch errno {
                case EINTR: continue
                case EAGAIN, EWOULDBLOCK: return .wouldBlock
                default: return .closed
                }
            }
        }
    }

    /// Writes what the socket takes now, without waiting; `MSG_NOSIGNAL` keeps a closed peer from
    /// raising SIGPIPE.
    func sendSome(_ bytes: UnsafeRawBufferPointer) -> TransferResult {
        using(.closed) { descriptor in
            while true {
                let written = send(descriptor, bytes.baseAddress, bytes.count, noSignal)
                if written >= 0 { return .bytes(written) }
                switch errno {
                case EINTR: continue
                case EAGAIN, EWOULDBLOCK: return .wouldBlock
                default: return .closed
                }
            }
        }
    }

    /// Writes what the socket takes now of `first` and then `second`, in one call and without
    /// joining them first; `.bytes` counts from the start of `first`.
    func sendSome(_ first: UnsafeRawBufferPointer, _ second: UnsafeRawBufferPointer) -> TransferResult {
        guard !second.isEmpty else { return sendSome(first) }
        return using(.closed) { descriptor in
            // iovec has one pointer type for reading and writing; sendmsg only reads through it.
            var parts = [
                iovec(iov_base: UnsafeMutableRawPointer(mutating: first.baseAddress), iov_len: first.count),
                iovec(iov_base: UnsafeMutableRawPointer(mutating: second.baseAddress), iov_len: second.count),
            ]
            return parts.withUnsafeMutableBufferPointer { parts in
                var message = msghdr()
                message.msg_iov = parts.baseAddress
                message.msg_iovlen = 2
                while true {
                    let written = sendmsg(descriptor, &message, noSignal)
                    if written >= 0 { return .bytes(written) }
                    switch errno {
                    case EINTR: continue
                    case EAGAIN, EWOULDBLOCK: return .wouldBlock
                    default: return .closed
                    }
                }
            }
        }
    }

    // MARK: - Ending

    /// Ends both directions without giving up the descriptor: a blocked peer and a pending poll see
    /// the end, and the owner still closes it once.
    func shutdown() {
        using(()) { descriptor in _ = systemShutdown(descriptor, shutBoth) }
    }

    /// Resets the connection: the coming ``close()`` sends an RST instead of a FIN, as a crashed peer
    /// would.
    /// The descriptor stays open: its number must not be free for another connection while the
    /// event loop may still have a wait filed under it, so only the owner closes it, after the loop
    /// has forgotten it.
    func reset() {
        using(()) { descriptor in
            var linger = Linger(l_onoff: 1, l_linger: 0)
            setsockopt(descriptor, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<Linger>.size))
        }
    }

    /// Whether the descriptor is still open, for tests.
    var isOpen: Bool { state.withLock { $0 != nil } }

    /// Closes the descriptor; later calls, and every other operation after it, do nothing.
    func close() {
        state.withLock { open in
            guard let descriptor = open else { return }
            Self.close(descriptor)
            open = nil
        }
    }

    /// How many `close` calls returned EBADF in this process: a descriptor closed twice. Always 0.
    static var closeFailures: Int { failedCloses.withLock { $0 } }
    private static let failedCloses = Locked(0)

    private static func close(_ descriptor: Int32) {
        if systemClose(descriptor) != 0, errno == EBADF { failedCloses.withLock { $0 += 1 } }
    }
}
