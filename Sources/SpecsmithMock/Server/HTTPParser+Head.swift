import Foundation

extension HTTPParser {
    /// The request line and header fields of a head (its bytes up to the blank line), read in one
    /// pass over raw bytes: lines end at CRLF, and a bare CR or LF inside a line is a stray byte that
    /// fails the line's own check.
    static func parseHead(_ bytes: ArraySlice<UInt8>) throws(HTTPParseFailure) -> HTTPRequestHead {
        try bytes.withUnsafeBufferPointer { HeadReader(bytes: $0).read() }.get()
    }
}

/// Reads one head from its bytes; failures come back as a `Result`, so no closure has to throw.
private struct HeadReader {
    let bytes: UnsafeBufferPointer<UInt8>

    func read() -> Result<HTTPRequestHead, HTTPParseFailure> {
        let requestLineEnd = endOfLine(from: 0)
        guard let (method, target, version) = requestLine(0..<requestLineEnd) else {
            return .failure(.badRequest("malformed request line"))
        }
        guard version == "HTTP/1.1" || version == "HTTP/1.0" else {
            return .failure(.badRequest("unsupported HTTP version"))
        }
        guard target.utf8.first == UInt8(ascii: "/"), target.utf8.allSatisfy({ $0 > 32 && $0 < 127 }) else {
            return .failure(.badRequest("malformed request target"))
        }
        var headers: [(name: String, value: String)] = []
        // Room for a typical request's fields at once, so the list is not copied as it grows.
        headers.reserveCapacity(8)
        var hosts = 0
        var lineEnd = requestLineEnd
        while lineEnd < bytes.count {
            let lineStart = lineEnd + 2
            lineEnd = endOfLine(from: lineStart)
            switch HTTPFieldSyntax.field(UnsafeBufferPointer(rebasing: bytes[lineStart..<lineEnd]), kind: "header") {
            case let .success(field):
                if field.name == "host" { hosts += 1 }
                headers.append(field)
            case let .failure(failure):
                return .failure(failure)
            }
        }
        if version == "HTTP/1.1", hosts != 1 {
            return .failure(.badRequest("an HTTP/1.1 request needs exactly one Host header"))
        }
        return .success(HTTPRequestHead(method: method, target: target, version: version, headers: headers))
    }

    /// Where the line starting at `start` ends: at its CRLF, or at the end of the head.
    private func endOfLine(from start: Int) -> Int {
        var index = start
        while index + 1 < bytes.count {
            if bytes[index] == 13, bytes[index + 1] == 10 { return index }
            index += 1
        }
        return bytes.count
    }

    /// Method, target and version: three parts split by single spaces, the method a token.
    private func requestLine(_ line: Range<Int>) -> (String, String, String)? {
        guard let firstSpace = line.first(where: { bytes[$0] == 32 }),
            let secondSpace = (firstSpace + 1..<line.upperBound).first(where: { bytes[$0] == 32 }),
            !(secondSpace + 1..<line.upperBound).contains(where: { bytes[$0] == 32 })
        else { return nil }
        let method = line.lowerBound..<firstSpace
        guard !method.isEmpty, method.allSatisfy({ HTTPFieldSyntax.isTokenByte(bytes[$0]) }) else { return nil }
        return (text(method), text(firstSpace + 1..<secondSpace), text(secondSpace + 1..<line.upperBound))
    }

    private func text(_ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }
}
