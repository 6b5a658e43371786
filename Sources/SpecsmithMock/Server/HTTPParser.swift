import Foundation

/// An incremental HTTP/1.1 request parser (RFC 9112): feed it bytes as they arrive and take
/// complete requests out. Strict where ambiguity would be dangerous (request smuggling).
///
/// Every byte is looked at once: a search resumes where the previous one stopped, a chunked body is
/// decoded as its chunks arrive, and consumed bytes are dropped in bulk, so the work is linear in
/// the bytes received however they are split. Limits are checked as bytes arrive, so a request over
/// a limit is refused as soon as it crosses it, whatever it sends after.
package struct HTTPParser {
    package struct Limits {
        /// The request line and headers, blank lines before them, and the trailers of a chunked body.
        package var headerBytes: Int
        /// The body as it travels: for a chunked body, its size lines, extensions and CRLFs too.
        package var bodyBytes: Int

        package init(headerBytes: Int, bodyBytes: Int) {
            self.headerBytes = headerBytes
            self.bodyBytes = bodyBytes
        }
    }

    package enum Step {
        /// More bytes are needed.
        case needMore
        /// A whole request; its bytes are consumed from the buffer.
        case request(HTTPRequestHead, Data)
    }

    /// Where the parser is within the current request.
    private enum Phase {
        case head
        case fixedBody(length: Int)
        case chunkSize
        case chunkData(remaining: Int)
        case chunkEnd
        case trailers
    }

    package let limits: Limits
    private var buffer: [UInt8] = []
    /// The first byte not consumed yet.
    private var readIndex = 0
    /// Where the search for the next line end (or end of head) resumes.
    private var scanIndex = 0
    private var phase = Phase.head
    private var head: HTTPRequestHead?
    private var body: [UInt8] = []
    /// Bytes of the current request counted against `limits.headerBytes` so far.
    private var headBytes = 0
    /// Bytes of the current request's body counted against `limits.bodyBytes` so far.
    private var bodyWireBytes = 0

    package init(limits: Limits) {
        self.limits = limits
    }

    package mutating func append(_ bytes: UnsafeRawBufferPointer) {
        // Drop what was consumed once it is at least half the buffer: each byte moves O(1) times.
        if readIndex > 0, readIndex * 2 >= buffer.count {
            buffer.removeFirst(readIndex)
            scanIndex -= readIndex
            readIndex = 0
        }
        buffer.append(contentsOf: bytes)
    }

    package mutating func append(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { append($0) }
    }

    /// Whether bytes of a next request (or the rest of this one) have arrived.
    package var hasBufferedBytes: Bool { readIndex < buffer.count || headBytes > 0 }

    /// The bytes held for requests not complete yet; bounded by the limits.
    package var bufferedByteCount: Int { buffer.count - readIndex + body.count }

    /// Tries to take one complete request out of the buffer.
    package mutating func next() throws(HTTPParseFailure) -> Step {
        while true {
            switch phase {
            case .head:
                guard try parseHead() else { return .needMore }
            case let .fixedBody(length):
                guard buffer.count - readIndex >= length else { return .needMore }
                let fixed = length == 0 ? Data() : Data(buffer[readIndex..<readIndex + length])
                readIndex += length
                return finish(with: fixed)
            case .chunkSize:
                guard let line = try takeLine(countingAgainst: limits.bodyBytes - bodyWireBytes, failure: .bodyTooLarge)
                else { return .needMore }
                bodyWireBytes += line.count + 2
                let size = try Self.chunkSize(buffer[line])
                if size > limits.bodyBytes - bodyWireBytes { throw .bodyTooLarge }
                phase = size == 0 ? .trailers : .chunkData(remaining: size)
            case let .chunkData(remaining):
                let available = min(remaining, buffer.count - readIndex)
                guard available > 0 else { return .needMore }
                body.append(contentsOf: buffer[readIndex..<readIndex + available])
                readIndex += available
                bodyWireBytes += available
                phase = available == remaining ? .chunkEnd : .chunkData(remaining: remaining - available)
            case .chunkEnd:
                guard buffer.count - readIndex >= 2 else { return .needMore }
                guard buffer[readIndex] == 13, buffer[readIndex + 1] == 10 else {
                    throw .badRequest("a chunk does not end with CRLF")
                }
                readIndex += 2
                scanIndex = readIndex
                bodyWireBytes += 2
                if bodyWireBytes > limits.bodyBytes { throw .bodyTooLarge }
                phase = .chunkSize
            case .trailers:
                guard
                    let line = try takeLine(
                        countingAgainst: limits.headerBytes - headBytes, failure: .headersTooLarge)
                else { return .needMore }
                headBytes += line.count + 2
                if line.isEmpty { return finish(with: Data(body)) }
                _ = try HTTPFieldSyntax.fieldLine(buffer[line], kind: "trailer")
            }
        }
    }

    // MARK: - Head

    /// Reads the head once it is complete and chooses the body's framing; `false` for more bytes.
    private mutating func parseHead() throws(HTTPParseFailure) -> Bool {
        // Tolerate empty lines before a request line (RFC 9112 §2.2); they count against the limit.
        while buffer.count - readIndex >= 2, buffer[readIndex] == 13, buffer[readIndex + 1] == 10 {
            readIndex += 2
            scanIndex = max(scanIndex, readIndex)
            headBytes += 2
            if headBytes > limits.headerBytes { throw .headersTooLarge }
        }
        let budget = limits.headerBytes - headBytes
        guard let headEnd = Self.find([13, 10, 13, 10], in: buffer, from: max(readIndex, scanIndex - 3)) else {
            scanIndex = buffer.count
            if buffer.count - readIndex > budget { throw .headersTooLarge }
            return false
        }
        if headEnd - readIndex > budget { throw .headersTooLarge }
        let parsed = try Self.parseHead(buffer[readIndex..<headEnd])
        headBytes += headEnd + 4 - readIndex
        readIndex = headEnd + 4
        scanIndex = readIndex
        head = parsed
        phase = try Self.framing(of: parsed, limits: limits)
        return true
    }

    /// How the body of a request with `head` is delimited.
    private static func framing(of head: HTTPRequestHead, limits: Limits) throws(HTTPParseFailure) -> Phase {
        let transferEncodings = head.headers("transfer-encoding")
        let lengths = head.headers("content-length")
        if !transferEncodings.isEmpty && !lengths.isEmpty {
            throw .badRequest("both Content-Length and Transfer-Encoding: the framing is ambiguous")
        }
        if !transferEncodings.isEmpty {
            // RFC 9112 §6.1: HTTP/1.0 has no transfer codings, so an intermediary may have framed
            // this request by another rule than ours.
            guard head.version == "HTTP/1.1" else {
                throw .badRequest("Transfer-Encoding in an HTTP/1.0 request: the framing is ambiguous")
            }
            let codings = try HTTPFieldSyntax.framingElements(transferEncodings, header: "Transfer-Encoding")
                .map { $0.lowercased() }
            guard codings.last == "chunked" else {
                throw .badRequest("a request body with Transfer-Encoding must end with chunked")
            }
            guard codings == ["chunked"] else { throw .notImplemented("only the chunked transfer coding is supported") }
            return .chunkSize
        }
        guard !lengths.isEmpty else { return .fixedBody(length: 0) }
        let values = Set(try HTTPFieldSyntax.framingElements(lengths, header: "Content-Length"))
        guard values.count == 1, let text = values.first, !text.isEmpty, text.count <= 18,
            text.allSatisfy(\.isASCIIDigit), let length = Int(text)
        else {
            throw .badRequest("invalid Content-Length")
        }
        if length > limits.bodyBytes { throw .bodyTooLarge }
        return .fixedBody(length: length)
    }

    // MARK: - Chunked bodies

    /// The next CRLF-terminated line's range, consumed; `nil` until it is complete. A line longer than
    /// `budget` fails with `failure` as soon as that many bytes have arrived.
    private mutating func takeLine(countingAgainst budget: Int, failure: HTTPParseFailure) throws(HTTPParseFailure)
        -> Range<Int>?
    {
        guard let lineEnd = Self.find([13, 10], in: buffer, from: max(readIndex, scanIndex - 1)) else {
            scanIndex = buffer.count
            if buffer.count - readIndex > budget { throw failure }
            return nil
        }
        if lineEnd + 2 - readIndex > budget { throw failure }
        let line = readIndex..<lineEnd
        readIndex = lineEnd + 2
        scanIndex = readIndex
        return line
    }

    /// The size on a chunk-size line; extensions after `;` are checked for stray bytes, then ignored.
    private static func chunkSize(_ line: ArraySlice<UInt8>) throws(HTTPParseFailure) -> Int {
        enum Reading {
            case size(Int)
            case badSize, badExtension
        }
        // One pass over raw bytes, with no slice or closure per byte: a flood of tiny chunks runs
        // this for each, and the debug build the tests and CI use must keep up with it.
        let reading = line.withUnsafeBufferPointer { bytes -> Reading in
            var size = 0
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                let value: UInt8
                switch byte {
                case 48...57: value = byte - 48  // 0-9
                case 65...70: value = byte - 55  // A-F
                case 97...102: value = byte - 87  // a-f
                case 59 where index > 0:  // ; then extensions: no control byte, a bare CR or LF among them
                    index += 1
                    while index < bytes.count {
                        let byte = bytes[index]
                        if byte != 9 && (byte < 32 || byte == 127) { return .badExtension }
                        index += 1
                    }
                    return .size(size)
                default: return .badSize
                }
                guard index < 8 else { return .badSize }
                size = size << 4 | Int(value)
                index += 1
            }
            return index > 0 ? .size(size) : .badSize
        }
        switch reading {
        case let .size(size): return size
        case .badSize: throw .badRequest("invalid chunk size")
        case .badExtension: throw .badRequest("invalid character in a chunk extension")
        }
    }

    /// The request just completed, with the state reset for the next one.
    private mutating func finish(with body: Data) -> Step {
        let step = Step.request(head!, body)
        head = nil
        self.body = []
        headBytes = 0
        bodyWireBytes = 0
        phase = .head
        scanIndex = readIndex
        return step
    }

    static func find(_ needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        let end = bytes.count - needle.count
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
