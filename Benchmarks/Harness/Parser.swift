import Foundation
import SpecsmithMock

/// Parses chunked and Content-Length requests of growing size, fed in 4 KiB reads as a socket would
/// deliver them, and prints nanoseconds per byte for each size: linear work gives a flat column.
func measureParser() throws {
    let sizes = [256 * 1024, 1024 * 1024, 4 * 1024 * 1024, 16 * 1024 * 1024]
    var first: [String: Double] = [:]
    for size in sizes {
        for (name, request) in [("chunked", chunkedRequest(bodyBytes: size)), ("content-length", fixedRequest(size))] {
            let nanoseconds = try bestOf(3) { try parse(request, limit: size * 2) }
            let perByte = Double(nanoseconds) / Double(request.count)
            first[name] = first[name] ?? perByte
            let label = name.padding(toLength: 14, withPad: " ", startingAt: 0)
            let figures = String(
                format: "%6d KiB  %6.2f ns/byte  ratio to the smallest %.2f", size / 1024, perByte,
                perByte / first[name]!)
            print("parser \(label) \(figures)")
        }
    }
}

private func chunkedRequest(bodyBytes: Int) -> [UInt8] {
    var bytes = Array("POST /p HTTP/1.1\r\nHost: b\r\nTransfer-Encoding: chunked\r\n\r\n".utf8)
    let chunk = Array("400;name=value\r\n".utf8) + [UInt8](repeating: 97, count: 1024) + [13, 10]
    for _ in 0..<(bodyBytes / 1024) { bytes += chunk }
    bytes += Array("0\r\nX-Trailer: 1\r\n\r\n".utf8)
    return bytes
}

private func fixedRequest(_ bodyBytes: Int) -> [UInt8] {
    Array("POST /p HTTP/1.1\r\nHost: b\r\nContent-Length: \(bodyBytes)\r\n\r\n".utf8)
        + [UInt8](repeating: 97, count: bodyBytes)
}

/// Feeds `request` in 4 KiB pieces until the parser returns it.
private func parse(_ request: [UInt8], limit: Int) throws {
    var parser = HTTPParser(limits: .init(headerBytes: 16 * 1024, bodyBytes: limit))
    var offset = 0
    while offset < request.count {
        let end = min(request.count, offset + 4096)
        request[offset..<end].withUnsafeBytes { parser.append($0) }
        offset = end
        if case .request = try parser.next() { return }
    }
    fatalError("the request did not parse")
}

private func bestOf(_ rounds: Int, _ body: () throws -> Void) rethrows -> UInt64 {
    var best = UInt64.max
    for _ in 0..<rounds {
        let start = DispatchTime.now().uptimeNanoseconds
        try body()
        best = min(best, DispatchTime.now().uptimeNanoseconds - start)
    }
    return best
}
