import Foundation

/// What one HTTP/1.1 connection does next, decided from bytes, deadlines and the answers written,
/// with no socket and no clock of its own: every event carries `now`. The server turns its actions
/// into reads, writes and waits; tests drive it with bytes and a made-up clock.
///
/// A connection is idle (waiting up to the idle timeout for a request), reading (a request has
/// started and must arrive within the read timeout), serving (the responder has the request), or
/// closed. Pipelined requests already buffered are served in order without reading again.
struct ConnectionStateMachine {
    /// How long a connection may wait, in seconds.
    struct Timeouts {
        /// For the next request on a kept-alive (or new) connection.
        var idle: TimeInterval
        /// For a started request to arrive in full.
        var read: TimeInterval
    }

    enum Action: Equatable {
        /// Wait for bytes until the deadline.
        case read(until: MonotonicInstant)
        /// Hand the request to the responder, then report ``responded(keepAlive:now:)``.
        case serve(HTTPRequestHead, Data)
        /// Answer with an error status and close.
        case fail(status: Int, message: String)
        /// Close without answering.
        case close
    }

    private enum State: Equatable {
        case idle(since: MonotonicInstant)
        case reading(since: MonotonicInstant)
        case serving
        case closed
    }

    private var parser: HTTPParser
    private let timeouts: Timeouts
    private var state: State

    init(limits: HTTPParser.Limits, timeouts: Timeouts, now: MonotonicInstant) {
        parser = HTTPParser(limits: limits)
        self.timeouts = timeouts
        state = .idle(since: now)
    }

    /// Whether the connection waits for a request and holds no part of one: `stop()` may close it.
    var isIdle: Bool {
        if case .idle = state { return !parser.hasBufferedBytes }
        return false
    }

    /// The first action of a new connection.
    func start() -> Action {
        nextRead()
    }

    /// Bytes arrived.
    mutating func received(_ bytes: UnsafeRawBufferPointer, now: MonotonicInstant) -> Action {
        guard state != .closed, state != .serving else { return .close }
        if case .idle = state { state = .reading(since: now) }
        parser.append(bytes)
        return advance(now: now)
    }

    /// Convenience for tests and small writes.
    mutating func received(_ bytes: [UInt8], now: MonotonicInstant) -> Action {
        bytes.withUnsafeBytes { received($0, now: now) }
    }

    /// The wait for bytes ended at `now` without any.
    mutating func deadlinePassed(now: MonotonicInstant) -> Action {
        switch state {
        case .closed:
            return .close
        case let .idle(since) where since + timeouts.idle <= now:
            state = .closed
            return .close
        case let .reading(since) where since + timeouts.read <= now:
            state = .closed
            return .fail(status: 408, message: "the request did not arrive in time")
        default:
            return nextRead()
        }
    }

    /// The peer closed its end.
    mutating func peerClosed() -> Action {
        state = .closed
        return .close
    }

    /// The answer to the request being served is written; `keepAlive` when the connection stays open.
    mutating func responded(keepAlive: Bool, now: MonotonicInstant) -> Action {
        guard keepAlive, state == .serving else {
            state = .closed
            return .close
        }
        state = .idle(since: now)
        guard parser.hasBufferedBytes else { return nextRead() }
        state = .reading(since: now)
        return advance(now: now)
    }

    private mutating func advance(now: MonotonicInstant) -> Action {
        do {
            switch try parser.next() {
            case .needMore:
                return nextRead()
            case let .request(head, body):
                state = .serving
                return .serve(head, body)
            }
        } catch {
            state = .closed
            return .fail(status: error.status, message: error.message)
        }
    }

    private func nextRead() -> Action {
        switch state {
        case let .idle(since): .read(until: since + timeouts.idle)
        case let .reading(since): .read(until: since + timeouts.read)
        case .serving, .closed: .close
        }
    }
}

extension HTTPRequestHead: Equatable {
    package static func == (lhs: HTTPRequestHead, rhs: HTTPRequestHead) -> Bool {
        lhs.method == rhs.method && lhs.target == rhs.target && lhs.version == rhs.version
            && lhs.headers.elementsEqual(rhs.headers) { $0.name == $1.name && $0.value == $1.value }
    }
}
