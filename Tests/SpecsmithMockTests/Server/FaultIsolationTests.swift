import Foundation
@_spi(Generated) import SpecsmithRuntime
import SpecsmithTesting
import Testing

@testable import SpecsmithMock

/// Faults reach only the operation they were injected for, over real loopback sockets, while other
/// clients of the same mock keep being answered.
@Suite struct FaultIsolationTests {
    /// What the bystanders of one run saw.
    struct Tally: Sendable, Equatable {
        var answered = 0
        var unanswered = 0
        var wrong = 0

        /// Counts one bystander's answer: its own item, something else, or nothing.
        mutating func count(_ response: RawConnection.Response?, id: String) {
            guard let response else {
                unanswered += 1
                return
            }
            let echo = try? WireCoding.decode(Envelope.self, from: response.body)
            if response.status == 200, echo?.data.text == id { answered += 1 } else { wrong += 1 }
        }
    }

    static let workers = 8
    static let rounds = 150

    /// Resets fire on `echo` while bystanders ask for `item`, each on a new connection. The kernel
    /// gives the lowest free number to the next accepted connection, so a bystander connecting right
    /// after a reset is accepted on the very number the reset gave up; it then idles while its
    /// client reads another answer, so its task is waiting on that number. Whoever closes a number
    /// must be the last to mention it, or the bystander's wait is ended for it.
    @Test func resetFaultsNeverDropABystanderOnAnotherOperation() async throws {
        let service = MockService(router: ServerFixture().router)
        try service.inject(MockFault(operation: "echo", kind: .reset))
        let server = try MockHTTPServer { await service.respond(to: $0) }
        let failuresBefore = Socket.closeFailures
        let (tally, resetAnswers) = try await withThrowingTaskGroup(of: (Tally, Int).self) { group in
            for worker in 0..<Self.workers {
                group.addTask {
                    var tally = Tally()
                    var resetAnswers = 0
                    var waiting: (RawConnection, String)?
                    for round in 0...Self.rounds {
                        if round < Self.rounds {
                            let reset = try RawConnection(port: server.port)
                            reset.send(HTTPServerTests.post(#"{"text": "x"}"#))
                            if await reset.readResponse() != nil { resetAnswers += 1 }
                        }
                        let next = round < Self.rounds ? try RawConnection(port: server.port) : nil
                        if let (bystander, id) = waiting {
                            tally.count(await Self.ask(bystander, for: id), id: id)
                        }
                        waiting = next.map { ($0, "b\(worker)-\(round)") }
                    }
                    return (tally, resetAnswers)
                }
            }
            return try await group.reduce(into: (Tally(), 0)) { total, part in
                total.0.answered += part.0.answered
                total.0.unanswered += part.0.unanswered
                total.0.wrong += part.0.wrong
                total.1 += part.1
            }
        }
        await server.stop()
        #expect(tally == Tally(answered: Self.workers * Self.rounds))
        #expect(resetAnswers == 0)
        #expect(Socket.closeFailures == failuresBefore)
        #expect(service.journal.count == 2 * Self.workers * Self.rounds)
    }

    static func ask(_ connection: RawConnection, for id: String) async -> RawConnection.Response? {
        connection.send("GET /items/\(id) HTTP/1.1\r\nHost: t\r\n\r\n")
        return await connection.readResponse()
    }

    /// The fixture's success envelope around an ``Echo``.
    struct Envelope: Decodable {
        var data: Echo
    }
}
