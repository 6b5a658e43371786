import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A loopback port that refuses connections for as long as this value lives: bound, never
/// listening. A port freed by a stopped server is no such thing, because a server that another test
/// starts at the same moment may be given it.
public final class ReservedPort: Sendable {
    public let port: UInt16
    private let descriptor: Int32

    public init() throws {
        let bound = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard bound >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EMFILE) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let result = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(bound, pointer, length) == 0 ? getsockname(bound, pointer, &length) : -1
            }
        }
        guard result == 0 else {
            let code = errno
            close(bound)
            throw POSIXError(POSIXErrorCode(rawValue: code) ?? .EADDRINUSE)
        }
        descriptor = bound
        port = UInt16(bigEndian: address.sin_port)
    }

    deinit {
        close(descriptor)
    }

    /// `http://127.0.0.1:<port>`, where nothing answers.
    public var url: URL {
        URL(string: "http://127.0.0.1:\(port)")!
    }
}
