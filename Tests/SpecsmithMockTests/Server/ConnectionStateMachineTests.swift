import Foundation
import Testing

@testable import SpecsmithMock

/// The connection's decisions on bytes and a made-up clock: no sockets, no sleeping.
@Suite struct ConnectionStateMachineTests {
    static let zero = MonotonicInstant(nanoseconds: 1_000_000_000)

    static func at(_ seconds: TimeInterval) -> MonotonicInstant { zero + seconds }

    static func machine(idle: TimeInterval = 30, read: TimeInterval = 10) -> ConnectionStateMachine {
        ConnectionStateMachine(
            limits: .init(headerBytes: 1024, bodyBytes: 1024), timeouts: .init(idle: idle, read: read), now: zero)
    }

    static let get = Array("GET /a HTTP/1.1\r\nHost: t\r\n\r\n".utf8)

    @Test func aNewConnectionWaitsForTheIdleTimeout() {
        let machine = Self.machine()
        #expect(machine.start() == .read(until: Self.at(30)))
        #expect(machine.isIdle)
    }

    @Test func aStartedRequestWaitsForTheReadTimeoutFromItsFirstByte() {
        var machine = Self.machine()
        #expect(machine.received(Array(Self.get.prefix(5)), now: Self.at(2)) == .read(until: Self.at(12)))
        #expect(!machine.isIdle)
        #expect(machine.deadlinePassed(now: Self.at(11.9)) == .read(until: Self.at(12)))
        #expect(
            machine.deadlinePassed(now: Self.at(12))
                == .fail(status: 408, message: "the request did not arrive in time"))
    }

    @Test func anIdleConnectionClosesSilentlyAtItsDeadline() {
        var machine = Self.machine()
        #expect(machine.deadlinePassed(now: Self.at(29)) == .read(until: Self.at(30)))
        #expect(machine.deadlinePassed(now: Self.at(30)) == .close)
    }

    @Test func aWholeRequestIsServedThenTheConnectionIsIdleAgain() throws {
        var machine = Self.machine()
        let (head, body) = try #require(machine.received(Self.get, now: Self.at(1)).served)
        #expect(head.target == "/a")
        #expect(body.isEmpty)
        #expect(!machine.isIdle)
        #expect(machine.responded(keepAlive: true, now: Self.at(3)) == .read(until: Self.at(33)))
        #expect(machine.isIdle)
    }

    @Test func pipelinedRequestsAreServedWithoutReadingAgain() throws {
        var machine = Self.machine()
        let two = Self.get + Array("GET /b HTTP/1.1\r\nHost: t\r\n\r\n".utf8)
        #expect(try #require(machine.received(two, now: Self.at(1)).served).0.target == "/a")
        #expect(try #require(machine.responded(keepAlive: true, now: Self.at(2)).served).0.target == "/b")
    }

    @Test func notKeepingAliveCloses() {
        var machine = Self.machine()
        _ = machine.received(Self.get, now: Self.at(1))
        #expect(machine.responded(keepAlive: false, now: Self.at(2)) == .close)
        #expect(machine.received(Self.get, now: Self.at(3)) == .close)
    }

    @Test func malformedBytesFailWithTheirStatus() {
        var machine = Self.machine()
        let action = machine.received(Array("GET /a HTTP/9.9\r\n\r\n".utf8), now: Self.at(1))
        #expect(action == .fail(status: 400, message: "unsupported HTTP version"))
    }

    @Test func aHeadOverTheLimitFailsWith431AsSoonAsItCrossesIt() {
        var machine = Self.machine()
        #expect(machine.received(Array("GET /a HTTP/1.1\r\nX: ".utf8), now: Self.at(1)) == .read(until: Self.at(11)))
        #expect(
            machine.received([UInt8](repeating: 120, count: 1100), now: Self.at(2))
                == .fail(status: 431, message: HTTPParseFailure.headersTooLarge.message))
    }

    @Test func thePeerClosingEndsTheConnection() {
        var machine = Self.machine()
        #expect(machine.peerClosed() == .close)
        #expect(machine.deadlinePassed(now: Self.at(100)) == .close)
    }
}

extension ConnectionStateMachine.Action {
    /// The request of a `.serve` action.
    var served: (HTTPRequestHead, Data)? {
        if case let .serve(head, body) = self { return (head, body) }
        return nil
    }
}
