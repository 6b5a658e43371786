import Foundation
import FuzzSupport
import SpecsmithMock

/// The mock server's HTTP/1.1 request reader. The first byte picks the shape: raw bytes, or a valid
/// chunked head followed by the fuzzed bytes as its body (where raw bytes rarely get). Invariants:
/// no trap; the requests and the failure read are the same whether the bytes arrive at once or in
/// pieces; no body is larger than the limit.
enum HTTPFuzz {
    static let limits = HTTPParser.Limits(headerBytes: 2048, bodyBytes: 4096)
    static let chunkedHead = Array("POST /v1/cards HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n".utf8)

    static func check(_ input: Data) {
        guard let first = input.first else { return }
        var bytes = Array(input.dropFirst())
        if first & 1 == 1 { bytes = chunkedHead + bytes }
        let whole = outcomes(of: bytes, in: [bytes.count])
        let split = outcomes(of: bytes, in: FuzzReplay.pieces(of: bytes.count, seed: first))
        precondition(whole == split, "the reading depends on how the bytes arrive:\n\(whole)\n\(split)")
    }

    /// What the parser reads from `bytes` fed in pieces of these sizes: each request, then the failure.
    static func outcomes(of bytes: [UInt8], in pieces: [Int]) -> [String] {
        var parser = HTTPParser(limits: limits)
        var read: [String] = []
        var offset = 0
        for size in pieces {
            parser.append(Array(bytes[offset..<offset + size]))
            offset += size
            while true {
                do {
                    guard case let .request(head, body) = try parser.next() else { break }
                    precondition(body.count <= limits.bodyBytes, "a body over the limit was read")
                    read.append("\(head.method) \(head.target) \(head.version) \(head.headers) \(body.count)")
                } catch {
                    return read + ["failure \(error.status): \(error.message)"]
                }
            }
        }
        return read
    }
}

#if FUZZING
    @_cdecl("LLVMFuzzerTestOneInput")
    public func fuzzOne(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
        HTTPFuzz.check(Data(bytes: data, count: size))
        return 0
    }
#else
    @main struct Replay {
        static func main() { FuzzReplay.run("fuzz-http", HTTPFuzz.check) }
    }
#endif
