import Foundation
import SpecsmithRuntime

extension ServerCore {
    /// How many requests one connection may answer in a row without waiting for bytes before it
    /// lets the other connections' tasks run.
    static let answersBeforeYielding = 8

    /// Serves one connection until it closes: the state machine decides, this does the I/O.
    func serve(_ socket: Socket, status: ConnectionStatus, on loop: EventLoop) async {
        var machine = ConnectionStateMachine(
            limits: .init(headerBytes: configuration.maxHeaderBytes, bodyBytes: configuration.maxBodyBytes),
            timeouts: .init(idle: configuration.idleTimeout, read: configuration.readTimeout), now: .now)
        let buffer = ReceiveBuffer()
        var action = machine.start()
        var answersWithoutWaiting = 0
        // Right after an answer, the client has rarely sent its next request yet: wait for readiness
        // first, so the connection goes behind the others that are ready instead of before them.
        var awaitReadiness = false
        while true {
            switch action {
            case let .read(deadline):
                guard status.mark(idle: machine.isIdle) else { return }
                if awaitReadiness {
                    awaitReadiness = false
                    answersWithoutWaiting = 0
                    switch await loop.wait(for: socket.descriptor, deadline: deadline) {
                    case .ready: break
                    case .closed: return
                    case .timedOut:
                        action = machine.deadlinePassed(now: .now)
                        continue
                    }
                }
                switch buffer.receive(from: socket) {
                case let .bytes(count):
                    action = machine.received(buffer.bytes(count), now: .now)
                case .closed:
                    return
                case .wouldBlock:
                    answersWithoutWaiting = 0
                    switch await loop.wait(for: socket.descriptor, deadline: deadline) {
                    case .ready: continue
                    case .closed: return
                    case .timedOut: action = machine.deadlinePassed(now: .now)
                    }
                }
            case let .serve(head, body):
                _ = status.mark(idle: false)
                // A fast client's next request is often in before this task reads again, and then
                // the task would serve it without ever suspending, holding one of the few
                // cooperative threads while other connections wait hundreds of milliseconds. After
                // a run of answers without a wait, the connection goes to the back of the queue.
                answersWithoutWaiting += 1
                if answersWithoutWaiting > Self.answersBeforeYielding {
                    answersWithoutWaiting = 0
                    await Task.yield()
                }
                guard let keepAlive = await answer(head, body, on: socket, status: status, loop: loop) else {
                    return
                }
                action = machine.responded(keepAlive: keepAlive, now: .now)
                awaitReadiness = true
            case let .fail(status, message):
                _ = await deliver(
                    refusal(status, message), method: nil, keepAlive: false, to: socket, loop: loop)
                return
            case .close:
                return
            }
        }
    }

    /// Answers one request; whether the connection stays open, or `nil` when it is gone.
    private func answer(
        _ head: HTTPRequestHead, _ body: Data, on socket: Socket, status: ConnectionStatus, loop: EventLoop
    ) async -> Bool? {
        let request = Self.request(head, body)
        let response: MockResponse
        if let refusal = admin.refusal(of: request) {
            response = refusal
        } else {
            response = await responder(request)
        }
        switch response.delivery {
        case .normal:
            let keepAlive = head.keepsAlive && !status.isStopping
            return await deliver(response, method: head.method, keepAlive: keepAlive, to: socket, loop: loop)
                ? keepAlive : nil
        case .resetConnection:
            // The RST goes out when `finish` closes the socket, after the loop has forgotten it.
            socket.reset()
            return nil
        case .truncatedBody:
            var partial = response
            partial.body = response.body.prefix(response.body.count / 2)
            _ = await deliver(
                partial, method: head.method, keepAlive: false, to: socket, loop: loop,
                declaredLength: response.body.count)
            return nil
        }
    }

    static func request(_ head: HTTPRequestHead, _ body: Data) -> MockRequest {
        var path = head.target
        var query: [String: String] = [:]
        var repeated: [String: [String]] = [:]
        if let questionMark = head.target.utf8.firstIndex(of: UInt8(ascii: "?")) {
            path = String(head.target[..<questionMark])
            let items = URLComponents(
                string: "http://localhost/?" + head.target[head.target.index(after: questionMark)...])?.queryItems
            MockRequest.collect(items ?? [], into: &query, repeated: &repeated)
        }
        var headers: [String: String] = [:]
        headers.reserveCapacity(head.headers.count)
        for header in head.headers {
            // One lookup for a name seen once; a repeated one joins the values, as RFC 9110 §5.3 allows.
            if let earlier = headers.updateValue(header.value, forKey: header.name) {
                headers[header.name] = earlier + ", " + header.value
            }
        }
        var request = MockRequest(
            method: RequestMethod(head.method), path: path, query: query, lowercasedHeaders: headers, body: body)
        request.queryLists = repeated
        return request
    }

    /// Writes the response; `false` when the client went away or stopped reading for too long.
    private func deliver(
        _ response: MockResponse, method: String?, keepAlive: Bool, to socket: Socket, loop: EventLoop,
        declaredLength: Int? = nil
    ) async -> Bool {
        let (head, body) = HTTPResponseEncoder.encodeParts(
            response, method: method, keepAlive: keepAlive, declaredLength: declaredLength)
        var offset = 0
        let deadline = MonotonicInstant.now + configuration.readTimeout
        while offset < head.count + body.count {
            // The head and the body go out in one call, the body from where the responder left it.
            let result = head.withUnsafeBytes { head in
                body.withUnsafeBytes { body in
                    offset < head.count
                        ? socket.sendSome(UnsafeRawBufferPointer(rebasing: head[offset...]), body)
                        : socket.sendSome(UnsafeRawBufferPointer(rebasing: body[(offset - head.count)...]))
                }
            }
            switch result {
            case let .bytes(count): offset += count
            case .closed: return false
            case .wouldBlock:
                guard await loop.wait(for: socket.descriptor, writable: true, deadline: deadline) == .ready else {
                    return false
                }
            }
        }
        return true
    }
}

/// A connection's receive buffer: 2 KiB at first, doubled (up to 64 KiB) each time a read fills it,
/// so an idle or slow connection holds little memory and a fast sender still reads in big steps.
final class ReceiveBuffer {
    static let smallest = 2 * 1024
    static let largest = 64 * 1024
    // Owned by this buffer alone: replaced only between reads, deallocated once, in deinit.
    // ``bytes(_:)``'s view is valid until the next read, which its callers finish with first.
    private var storage = UnsafeMutableRawBufferPointer.allocate(byteCount: smallest, alignment: 1)
    private var filled = false

    deinit {
        storage.deallocate()
    }

    var capacity: Int { storage.count }

    /// Reads what has arrived; after `.bytes(count)`, ``bytes(_:)`` holds them until the next read.
    func receive(from socket: Socket) -> Socket.TransferResult {
        if filled, storage.count < Self.largest {
            // The last read's bytes were handled before this read began, so none are lost.
            storage.deallocate()
            storage = .allocate(byteCount: storage.count * 2, alignment: 1)
        }
        let result = socket.receive(into: storage)
        if case let .bytes(count) = result { filled = count == storage.count } else { filled = false }
        return result
    }

    /// The first `count` bytes of the last read.
    func bytes(_ count: Int) -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(rebasing: storage[0..<count])
    }
}
