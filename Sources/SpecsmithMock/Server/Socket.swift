import Foundation

#if canImport(Glibc)
    import Glibc

    private let systemListen = Glibc.listen
    private let systemAccept = Glibc.accept
    private let systemClose = Glibc.close
    private typealias Linger = Glibc.linger
    private let streamSocket = Int32(SOCK_STREAM.rawValue)
    private let noSignal = Int32(MSG_NOSIGNAL)
#elseif canImport(Darwin)
    import Darwin

    private let systemListen = Darwin.listen
    private let systemAccept = Darwin.accept
    private let systemClose = Darwin.close
    private typealias Linger = Darwin.linger
    private let streamSocket = SOCK_STREAM
    private let noSignal: Int32 = 0  // Darwin sets SO_NOSIGPIPE on each socket instead.
#endif

/// Why a socket operation failed, with the call and `errno`'s text.
public struct SocketFailure: Error, Sendable, CustomStringConvertible {
    public var call: String
    public var code: Int32

    init(_ call: String, code: Int32 = errno) {
        self.call = call
        self.code = code
    }

    public var description: String { "\(call) failed: \(String(cString: strerror(code)))" }
}

/// A thin owner of one POSIX socket descriptor: the only place that speaks to the socket API, so a
/// different I/O layer could replace it.
struct Socket: Sendable {
    let descriptor: Int32

    // MARK: - Listening

    /// A listening TCP socket on a loopback `host` (`127.0.0.1` or `::1`) and `port` (0 for ephemeral).
    static func listen(host: String, port: UInt16, backlog: Int32 = 256) throws(SocketFailure) -> Socket {
        let isIPv6 = host.contains(":")
        let descriptor = socket(isIPv6 ? AF_INET6 : AF_INET, streamSocket, 0)
        guard descriptor >= 0 else { throw SocketFailure("socket") }
        let socket = Socket(descriptor: descriptor)
        var yes: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        let result: Int32
        if isIPv6 {
            var address = sockaddr_in6()
            address.sin6_family = sa_family_t(AF_INET6)
            address.sin6_port = port.bigEndian
            guard inet_pton(AF_INET6, host, &address.sin6_addr) == 1 else {
                socket.close()
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
                socket.close()
                throw SocketFailure("inet_pton(\(host))", code: EINVAL)
            }
            result = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
        }
        guard result == 0 else {
            let failure = SocketFailure("bind(\(host):\(port))")
            socket.close()
            throw failure
        }
        guard systemListen(descriptor, backlog) == 0 else {
            let failure = SocketFailure("listen")
            socket.close()
            throw failure
        }
        return socket
    }

    /// The port the socket is bound to (the one the kernel picked for port 0).
    func boundPort() -> UInt16 {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        _ = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        if storage.ss_family == sa_family_t(AF_INET6) {
            return withUnsafePointer(to: &storage) {
                $0.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { UInt16(bigEndian: $0.pointee.sin6_port) }
            }
        }
        return withUnsafePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { UInt16(bigEndian: $0.pointee.sin_port) }
        }
    }

    // MARK: - Non-blocking use

    /// Makes reads, writes and accepts return at once instead of blocking.
    func setNonBlocking() {
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
    }

    enum AcceptResult {
        case connection(Socket)
        case wouldBlock
        case failed
    }

    /// The next pending connection, made non-blocking, without waiting.
    func acceptPending() -> AcceptResult {
        while true {
            let client = systemAccept(descriptor, nil, nil)
            if client >= 0 {
                let socket = Socket(descriptor: client)
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
            case EAGAIN, EWOULDBLOCK, EMFILE, ENFILE, ENOBUFS, ENOMEM: return .wouldBlock
            default: return .failed
            }
        }
    }

    enum TransferResult {
        case bytes(Int)
        case wouldBlock
        case closed
    }

    /// Reads what has arrived, without waiting.
    func receive(into buffer: UnsafeMutableRawBufferPointer) -> TransferResult {
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

    /// Writes what the socket takes now, without waiting; `MSG_NOSIGNAL` keeps a closed peer from
    /// raising SIGPIPE.
    func sendSome(_ bytes: UnsafeRawBufferPointer) -> TransferResult {
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

    // MARK: - Ending

    /// Closes with an RST instead of a FIN, as a crashed or reset peer would.
    func reset() {
        var linger = Linger(l_onoff: 1, l_linger: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<Linger>.size))
        close()
    }

    func close() {
        _ = systemClose(descriptor)
    }
}
