import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A TCP connection to a loopback port that sends exactly the bytes a test gives it, for checking a
/// server's framing, limits and robustness where a real client would refuse to misbehave.
///
/// Reads block, so they run on threads of their own, never on Swift's cooperative threads, which
/// the server under test needs for its handlers.
public final class RawConnection: @unchecked Sendable {
    // @unchecked: one test uses a connection at a time; its buffer is touched only from the
    // reading queue while the test awaits the read.
    public let descriptor: Int32
    private var buffer: [UInt8] = []

    /// One parsed response.
    public struct Response: Sendable {
        public var status: Int
        /// The status line's reason phrase, such as `Payment Required`.
        public var reason: String = ""
        public var headers: [String: String]
        public var body: Data
    }

    public init(port: UInt16) throws {
        // The socket is connected before it is stored: a class whose initialiser throws once every
        // property is set still runs its deinit, which would close the descriptor a second time,
        // and by then that number may belong to another test's file.
        let connecting = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(connecting, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard result == 0 else {
            let code = errno
            close(connecting)
            throw POSIXError(POSIXErrorCode(rawValue: code) ?? .ECONNREFUSED)
        }
        descriptor = connecting
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    deinit {
        close(descriptor)
    }

    /// Sends bytes; `false` when the server has already closed.
    @discardableResult
    public func send(_ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes {
                Glibc.send(descriptor, $0.baseAddress! + offset, bytes.count - offset, Int32(MSG_NOSIGNAL))
            }
            if written <= 0 { return false }
            offset += written
        }
        return true
    }

    @discardableResult
    public func send(_ text: String) -> Bool { send(Array(text.utf8)) }

    /// Half-closes or closes abruptly, as a client that vanishes would.
    public func abort() {
        var linger = Glibc.linger(l_onoff: 1, l_linger: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<Glibc.linger>.size))
        shutdown(descriptor, Int32(SHUT_RDWR))
    }

    /// Reads more bytes; `false` at end of stream or error.
    private func fill() -> Bool {
        var chunk = [UInt8](repeating: 0, count: 65536)
        let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return false }
        buffer += chunk[0..<count]
        return true
    }

    /// The next response, or `nil` if the server closed before sending a whole one.
    public func readResponse() async -> Response? {
        await blocking { self.readResponseBlocking() }
    }

    private func readResponseBlocking() -> Response? {
        while true {
            if let end = find([13, 10, 13, 10]) {
                let head = String(decoding: buffer[0..<end], as: UTF8.self).components(separatedBy: "\r\n")
                let statusParts = head[0].split(separator: " ")
                guard statusParts.count >= 2, let status = Int(statusParts[1]) else { return nil }
                var headers: [String: String] = [:]
                for line in head.dropFirst() {
                    guard let colon = line.firstIndex(of: ":") else { continue }
                    headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(
                        in: .whitespaces)
                }
                let length = Int(headers["content-length"] ?? "0") ?? 0
                while buffer.count < end + 4 + length {
                    guard fill() else { return nil }
                }
                let body = Data(buffer[(end + 4)..<(end + 4 + length)])
                buffer.removeFirst(end + 4 + length)
                let reason = head[0].split(separator: " ", maxSplits: 2).dropFirst(2).first.map(String.init) ?? ""
                return Response(status: status, reason: reason, headers: headers, body: body)
            }
            guard fill() else { return nil }
        }
    }

    private func find(_ needle: [UInt8]) -> Int? {
        guard buffer.count >= needle.count else { return nil }
        for index in 0...(buffer.count - needle.count) where Array(buffer[index..<index + needle.count]) == needle {
            return index
        }
        return nil
    }
}
