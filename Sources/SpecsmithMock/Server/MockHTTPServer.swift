import Foundation
import SpecsmithRuntime

/// An HTTP/1.1 server on loopback over POSIX sockets, for mocks in tests, examples and an app in a
/// simulator. Each connection is a task; one event-loop thread waits on all sockets, so a slow
/// client never delays the others. Requests go to an async responder (a ``MockRouter`` behind a
/// ``MockService``).
///
/// - Keep-alive per RFC 9112; Content-Length and chunked bodies; 400 for ambiguous framing, 431 for
///   headers over the limit, 413 for bodies over it; idle and read timeouts.
/// - `stop()` stops accepting, closes idle connections and waits for requests in flight.
public final class MockHTTPServer: Sendable {
    /// Limits and address.
    public struct Configuration: Sendable {
        /// `127.0.0.1` or `::1`; the server never binds anything but loopback.
        public var host: String
        /// 0 asks the kernel for a free port; ``MockHTTPServer/port`` reports it.
        public var port: UInt16
        public var maxHeaderBytes: Int
        public var maxBodyBytes: Int
        /// How long, in seconds, a kept-alive connection may wait for its next request.
        public var idleTimeout: TimeInterval
        /// How long, in seconds, a started request may take to arrive in full.
        public var readTimeout: TimeInterval

        public init(
            host: String = "127.0.0.1", port: UInt16 = 0, maxHeaderBytes: Int = 16 * 1024,
            maxBodyBytes: Int = 1024 * 1024, idleTimeout: TimeInterval = 30, readTimeout: TimeInterval = 10
        ) {
            self.host = host
            self.port = port
            self.maxHeaderBytes = maxHeaderBytes
            self.maxBodyBytes = maxBodyBytes
            self.idleTimeout = idleTimeout
            self.readTimeout = readTimeout
        }
    }

    public typealias Responder = @Sendable (MockRequest) async -> MockResponse

    /// Connections and whether each is between requests, so `stop()` can close the idle ones.
    private struct State {
        var stopping = false
        var connections: [Int32: Bool] = [:]
        var drained: [CheckedContinuation<Void, Never>] = []
        var acceptorDone = false
        var acceptorWaiter: CheckedContinuation<Void, Never>?
    }

    public let configuration: Configuration
    private let responder: Responder
    private let listener: Socket
    private let loop: EventLoop
    private let state = Locked(State())

    /// The port the server listens on.
    public let port: UInt16

    /// `http://127.0.0.1:<port>` (or `http://[::1]:<port>`).
    public var baseURL: URL {
        URL(
            string:
                "http://\(configuration.host.contains(":") ? "[\(configuration.host)]" : configuration.host):\(port)")!
    }

    /// Binds and starts serving at once.
    /// - Throws: ``SocketFailure`` when the address cannot be bound, such as a port in use.
    public init(configuration: Configuration = Configuration(), responder: @escaping Responder) throws(SocketFailure) {
        guard configuration.host == "127.0.0.1" || configuration.host == "::1" else {
            throw SocketFailure("bind(\(configuration.host)): only loopback is allowed", code: EADDRNOTAVAIL)
        }
        self.configuration = configuration
        self.responder = responder
        listener = try Socket.listen(host: configuration.host, port: configuration.port)
        listener.setNonBlocking()
        port = listener.boundPort()
        loop = try EventLoop()
        Task { [self] in await acceptLoop() }
    }

    /// Stops accepting, closes idle connections, and returns when every request in flight is answered.
    public func stop() async {
        let idle: [Int32]? = state.withLock { state in
            guard !state.stopping else { return nil }
            state.stopping = true
            return state.connections.filter { !$0.value }.map(\.key)
        }
        guard let idle else { return }
        loop.interrupt(listener.descriptor)
        for descriptor in idle { loop.interrupt(descriptor) }
        await withCheckedContinuation { continuation in
            let done = state.withLock { state -> Bool in
                if state.connections.isEmpty, state.acceptorDone { return true }
                state.drained.append(continuation)
                return false
            }
            if done { continuation.resume() }
        }
        loop.stop()
        listener.close()
    }

    // MARK: - Accepting

    private func acceptLoop() async {
        accepting: while true {
            switch listener.acceptPending() {
            case let .connection(connection):
                let admitted = state.withLock { state -> Bool in
                    guard !state.stopping else { return false }
                    state.connections[connection.descriptor] = false
                    return true
                }
                guard admitted else {
                    connection.close()
                    break accepting
                }
                Task { [self] in
                    await serve(connection)
                    finish(connection)
                }
            case .wouldBlock:
                guard state.withLock({ !$0.stopping }) else { break accepting }
                if await loop.wait(for: listener.descriptor, deadline: nil) == .closed { break accepting }
            case .failed:
                break accepting
            }
        }
        loop.forget(listener.descriptor)
        let waiting = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.acceptorDone = true
            guard state.connections.isEmpty else { return [] }
            defer { state.drained = [] }
            return state.drained
        }
        for continuation in waiting { continuation.resume() }
    }

    private func finish(_ connection: Socket) {
        loop.forget(connection.descriptor)
        connection.close()
        let waiting = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.connections[connection.descriptor] = nil
            guard state.connections.isEmpty, state.acceptorDone else { return [] }
            defer { state.drained = [] }
            return state.drained
        }
        for continuation in waiting { continuation.resume() }
    }

    /// Marks the connection busy or idle; `false` when the server is stopping and it should close.
    private func mark(_ connection: Socket, busy: Bool) -> Bool {
        state.withLock { state in
            state.connections[connection.descriptor] = busy
            return !state.stopping
        }
    }

    // MARK: - Serving one connection

    private func serve(_ connection: Socket) async {
        var parser = HTTPParser(
            limits: .init(headerBytes: configuration.maxHeaderBytes, bodyBytes: configuration.maxBodyBytes))
        let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 * 1024, alignment: 1)
        defer { chunk.deallocate() }
        while true {
            guard mark(connection, busy: parser.hasBufferedBytes) else { return }
            var requestStarted: MonotonicInstant? = parser.hasBufferedBytes ? .now : nil
            var step: HTTPParser.Step
            do {
                step = try parser.next()
                while case .needMore = step {
                    switch connection.receive(into: chunk) {
                    case let .bytes(count):
                        if requestStarted == nil {
                            requestStarted = .now
                            guard mark(connection, busy: true) else { return }
                        }
                        parser.append(UnsafeRawBufferPointer(rebasing: chunk[0..<count]))
                        step = try parser.next()
                    case .closed:
                        return
                    case .wouldBlock:
                        let deadline =
                            requestStarted.map { $0 + configuration.readTimeout } ?? .now + configuration.idleTimeout
                        switch await loop.wait(for: connection.descriptor, deadline: deadline) {
                        case .ready: continue
                        case .closed: return
                        case .timedOut:
                            if requestStarted != nil {
                                await write(status: 408, message: "the request did not arrive in time", to: connection)
                            }
                            return
                        }
                    }
                }
            } catch {
                await write(status: error.status, message: error.message, to: connection)
                return
            }
            guard case let .request(head, body) = step else { return }
            let response = await responder(request(head, body))
            let keepAlive = head.keepsAlive && state.withLock { !$0.stopping }
            switch response.delivery {
            case .normal:
                guard await deliver(response, head: head, keepAlive: keepAlive, to: connection), keepAlive else {
                    return
                }
            case .resetConnection:
                connection.reset()
                return
            case .truncatedBody:
                var partial = response
                partial.body = response.body.prefix(response.body.count / 2)
                _ = await deliver(
                    partial, head: head, keepAlive: false, to: connection, declaredLength: response.body.count)
                return
            }
        }
    }

    private func request(_ head: HTTPRequestHead, _ body: Data) -> MockRequest {
        var path = head.target
        var query: [String: String] = [:]
        if let questionMark = head.target.firstIndex(of: "?") {
            path = String(head.target[..<questionMark])
            let items = URLComponents(
                string: "http://localhost/?" + head.target[head.target.index(after: questionMark)...])?.queryItems
            for item in items ?? [] where query[item.name] == nil { query[item.name] = item.value ?? "" }
        }
        var headers: [String: String] = [:]
        for header in head.headers {
            headers[header.name] = headers[header.name].map { $0 + ", " + header.value } ?? header.value
        }
        return MockRequest(method: head.method, path: path, query: query, lowercasedHeaders: headers, body: body)
    }

    /// Writes the response; `false` when the client went away or stopped reading for too long.
    private func deliver(
        _ response: MockResponse, head: HTTPRequestHead?, keepAlive: Bool, to connection: Socket,
        declaredLength: Int? = nil
    ) async -> Bool {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(128 + response.body.count)
        bytes += "HTTP/1.1 \(response.status) \(Self.reason(response.status))\r\n".utf8
        for (name, value) in response.headers where name != "content-length" && name != "connection" {
            bytes += name.utf8
            bytes += ": ".utf8
            bytes += value.utf8
            bytes += "\r\n".utf8
        }
        let omitsBody = head?.method == "HEAD" || response.status == 204 || response.status == 304
        bytes += "content-length: \(declaredLength ?? response.body.count)\r\n".utf8
        bytes += (keepAlive ? "\r\n" : "connection: close\r\n\r\n").utf8
        if !omitsBody { bytes += response.body }
        var offset = 0
        let deadline = MonotonicInstant.now + configuration.readTimeout
        while offset < bytes.count {
            let result = bytes.withUnsafeBytes { buffer in
                connection.sendSome(UnsafeRawBufferPointer(rebasing: buffer[offset...]))
            }
            switch result {
            case let .bytes(count): offset += count
            case .closed: return false
            case .wouldBlock:
                guard await loop.wait(for: connection.descriptor, writable: true, deadline: deadline) == .ready else {
                    return false
                }
            }
        }
        return true
    }

    private func write(status: Int, message: String, to connection: Socket) async {
        let body =
            (try? JSONSerialization.data(withJSONObject: ["error": ["code": status, "message": message]])) ?? Data()
        _ = await deliver(MockResponse(status: status, body: body), head: nil, keepAlive: false, to: connection)
    }

    static func reason(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 201: "Created"
        case 204: "No Content"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 408: "Request Timeout"
        case 409: "Conflict"
        case 413: "Content Too Large"
        case 422: "Unprocessable Content"
        case 429: "Too Many Requests"
        case 431: "Request Header Fields Too Large"
        case 500: "Internal Server Error"
        case 501: "Not Implemented"
        case 502: "Bad Gateway"
        case 503: "Service Unavailable"
        default: "Status \(status)"
        }
    }
}
