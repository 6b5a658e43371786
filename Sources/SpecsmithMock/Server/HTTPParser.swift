import Foundation

/// Why a request cannot be served; each maps to the status the server answers before closing.
enum HTTPParseFailure: Error, Equatable {
    /// Malformed syntax or ambiguous framing: 400.
    case badRequest(String)
    /// The request line and headers exceed the limit: 431.
    case headersTooLarge
    /// The body exceeds the limit: 413.
    case bodyTooLarge
    /// A transfer coding other than chunked: 501.
    case notImplemented(String)

    var status: Int {
        switch self {
        case .badRequest: 400
        case .headersTooLarge: 431
        case .bodyTooLarge: 413
        case .notImplemented: 501
        }
    }

    var message: String {
        switch self {
        case let .badRequest(text): text
        case .headersTooLarge: "the request headers are larger than the server accepts"
        case .bodyTooLarge: "the request body is larger than the server accepts"
        case let .notImplemented(text): text
        }
    }
}

/// An incremental HTTP/1.1 request parser (RFC 9112): feed it bytes as they arrive and take
/// complete requests out. Strict where ambiguity would be dangerous (request smuggling).
struct HTTPParser {
    struct Limits {
        var headerBytes: Int
        var bodyBytes: Int
    }

    enum Step {
        /// More bytes are needed.
        case needMore
        /// A whole request; its bytes are consumed from the buffer.
        case request(HTTPRequestHead, Data)
    }

    let limits: Limits
    private(set) var buffer: [UInt8] = []

    init(limits: Limits) {
        self.limits = limits
    }

    mutating func append(_ bytes: UnsafeRawBufferPointer) {
        buffer.append(contentsOf: bytes)
    }

    var hasBufferedBytes: Bool { !buffer.isEmpty }

    /// Tries to take one complete request out of the buffer.
    mutating func next() throws(HTTPParseFailure) -> Step {
        // Tolerate empty lines before a request line (RFC 9112 §2.2).
        while buffer.count >= 2, buffer[0] == 13, buffer[1] == 10 { buffer.removeFirst(2) }
        guard let headEnd = Self.find([13, 10, 13, 10], in: buffer, limit: limits.headerBytes + 4) else {
            if buffer.count > limits.headerBytes { throw .headersTooLarge }
            return .needMore
        }
        if headEnd > limits.headerBytes { throw .headersTooLarge }
        let head = try Self.parseHead(buffer[0..<headEnd])
        let bodyStart = headEnd + 4
        let transferEncodings = head.headers("transfer-encoding")
        let lengths = head.headers("content-length")
        if !transferEncodings.isEmpty && !lengths.isEmpty {
            throw .badRequest("both Content-Length and Transfer-Encoding: the framing is ambiguous")
        }
        if !transferEncodings.isEmpty {
            let codings = transferEncodings.flatMap { $0.lowercased().split(separator: ",") }
                .map { $0.trimmingCharacters(in: .whitespaces) }
            guard codings.last == "chunked" else {
                throw .badRequest("a request body with Transfer-Encoding must end with chunked")
            }
            guard codings == ["chunked"] else { throw .notImplemented("only the chunked transfer coding is supported") }
            guard let (body, consumed) = try decodeChunked(from: bodyStart) else { return .needMore }
            buffer.removeFirst(consumed)
            return .request(head, body)
        }
        var length = 0
        if !lengths.isEmpty {
            let values = Set(
                lengths.flatMap { $0.split(separator: ",") }.map { $0.trimmingCharacters(in: .whitespaces) })
            guard values.count == 1, let text = values.first, !text.isEmpty, text.allSatisfy(\.isASCIIDigit),
                let parsed = Int(text)
            else {
                throw .badRequest("invalid Content-Length")
            }
            length = parsed
        }
        if length > limits.bodyBytes { throw .bodyTooLarge }
        guard buffer.count - bodyStart >= length else { return .needMore }
        let body = Data(buffer[bodyStart..<bodyStart + length])
        buffer.removeFirst(bodyStart + length)
        return .request(head, body)
    }

    // MARK: - Head

    private static let tokenCharacters = Set(
        "!#$%&'*+-.^_`|~0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ".utf8)

    static func parseHead(_ bytes: ArraySlice<UInt8>) throws(HTTPParseFailure) -> HTTPRequestHead {
        let lines = split(bytes)
        guard let requestLine = lines.first else { throw .badRequest("empty request") }
        let parts = requestLine.split(separator: 32, omittingEmptySubsequences: false)
        guard parts.count == 3, !parts[0].isEmpty, parts[0].allSatisfy({ tokenCharacters.contains($0) }) else {
            throw .badRequest("malformed request line")
        }
        let method = String(decoding: parts[0], as: UTF8.self)
        let target = String(decoding: parts[1], as: UTF8.self)
        let version = String(decoding: parts[2], as: UTF8.self)
        guard version == "HTTP/1.1" || version == "HTTP/1.0" else {
            throw .badRequest("unsupported HTTP version")
        }
        guard target.hasPrefix("/"), target.utf8.allSatisfy({ $0 > 32 && $0 < 127 }) else {
            throw .badRequest("malformed request target")
        }
        var headers: [(name: String, value: String)] = []
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: 58) else { throw .badRequest("a header line without a colon") }
            let name = line[line.startIndex..<colon]
            guard !name.isEmpty, name.allSatisfy({ tokenCharacters.contains($0) }) else {
                throw .badRequest("invalid header name")
            }
            let rawValue = line[(colon + 1)...]
            guard rawValue.allSatisfy({ $0 == 9 || ($0 >= 32 && $0 != 127) }) else {
                throw .badRequest("invalid character in a header value")
            }
            let value = String(decoding: rawValue, as: UTF8.self).trimmingCharacters(
                in: CharacterSet(charactersIn: " \t"))
            headers.append((String(decoding: name, as: UTF8.self).lowercased(), value))
        }
        if version == "HTTP/1.1", headers.filter({ $0.name == "host" }).count != 1 {
            throw .badRequest("an HTTP/1.1 request needs exactly one Host header")
        }
        return HTTPRequestHead(method: method, target: target, version: version, headers: headers)
    }

    /// Lines separated by CRLF; a bare LF or CR is malformed here.
    private static func split(_ bytes: ArraySlice<UInt8>) -> [ArraySlice<UInt8>] {
        var lines: [ArraySlice<UInt8>] = []
        var start = bytes.startIndex
        var index = bytes.startIndex
        while index < bytes.endIndex {
            if bytes[index] == 13, index + 1 < bytes.endIndex, bytes[index + 1] == 10 {
                lines.append(bytes[start..<index])
                index += 2
                start = index
            } else {
                index += 1
            }
        }
        lines.append(bytes[start..<bytes.endIndex])
        return lines
    }

    // MARK: - Chunked bodies

    /// The decoded body and the bytes consumed through the end of the trailers, or `nil` if incomplete.
    private func decodeChunked(from start: Int) throws(HTTPParseFailure) -> (Data, Int)? {
        var body = Data()
        var position = start
        while true {
            guard let lineEnd = Self.find([13, 10], in: buffer, from: position, limit: position + 1024) else {
                if buffer.count - position > 1024 { throw .badRequest("a chunk size line is too long") }
                return nil
            }
            let sizeText =
                String(decoding: buffer[position..<lineEnd], as: UTF8.self)
                .split(separator: ";", maxSplits: 1).first.map(String.init) ?? ""
            guard !sizeText.isEmpty, sizeText.count <= 8, sizeText.allSatisfy(\.isHexDigit),
                let size = Int(sizeText, radix: 16)
            else {
                throw .badRequest("invalid chunk size")
            }
            position = lineEnd + 2
            if size == 0 {
                // Trailers, then an empty line.
                while true {
                    guard
                        let trailerEnd = Self.find(
                            [13, 10], in: buffer, from: position, limit: position + limits.headerBytes)
                    else {
                        return nil
                    }
                    let isEmpty = trailerEnd == position
                    position = trailerEnd + 2
                    if isEmpty { return (body, position) }
                }
            }
            if body.count + size > limits.bodyBytes { throw .bodyTooLarge }
            guard buffer.count >= position + size + 2 else { return nil }
            guard buffer[position + size] == 13, buffer[position + size + 1] == 10 else {
                throw .badRequest("a chunk does not end with CRLF")
            }
            body.append(contentsOf: buffer[position..<position + size])
            position += size + 2
        }
    }

    static func find(_ needle: [UInt8], in bytes: [UInt8], from start: Int = 0, limit: Int) -> Int? {
        let end = min(bytes.count, limit) - needle.count
        guard end >= start else { return nil }
        var index = start
        while index <= end {
            if bytes[index] == needle[0] {
                var matches = true
                for offset in 1..<needle.count where bytes[index + offset] != needle[offset] {
                    matches = false
                    break
                }
                if matches { return index }
            }
            index += 1
        }
        return nil
    }
}

extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}
