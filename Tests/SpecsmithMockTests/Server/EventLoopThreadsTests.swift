import Foundation
import SpecsmithRuntime
import SpecsmithTesting
import Testing

@testable import SpecsmithMock

/// Connections are spread over the server's event loops, and their tasks run on those threads.
@Suite struct EventLoopThreadsTests {
    @Test func connectionsAreServedByEveryLoopAndNeverByThePool() async throws {
        let server = Locked<MockHTTPServer?>(nil)
        // The index of the loop each answer ran on, nil for a thread of no loop.
        let loops = Locked<[Int?]>([])
        let responder: MockHTTPServer.Responder = { _ in
            let index = server.withLock { $0 }?.eventLoops.firstIndex(where: \.isCurrent)
            loops.withLock { $0.append(index) }
            return MockResponse(status: 200, body: Data("{}".utf8))
        }
        try await withMockServer(.init(eventLoops: 3), responder: responder) { started in
            server.withLock { $0 = started }
            var connections: [RawConnection] = []
            for index in 0..<6 {
                let connection = try RawConnection(port: started.port)
                connection.send("GET /\(index) HTTP/1.1\r\nHost: t\r\n\r\n")
                #expect(await connection.readResponse()?.status == 200)
                connections.append(connection)
            }
        }
        server.withLock { $0 = nil }
        // Handed to the loops in turn, one connection after another.
        #expect(loops.withLock { $0 } == [0, 1, 2, 0, 1, 2])
    }

    @Test func aResponderThatStopsItsOwnServerDoesNotHangIt() async throws {
        let server = Locked<MockHTTPServer?>(nil)
        let responder: MockHTTPServer.Responder = { _ in
            // Runs on the loop's thread, which stop() cannot wait for: it must return.
            await server.withLock { $0 }?.stop()
            return MockResponse(status: 200, body: Data("{}".utf8))
        }
        let started = try MockHTTPServer(configuration: .init(drainTimeout: 0.1), responder: responder)
        server.withLock { $0 = started }
        let connection = try RawConnection(port: started.port)
        connection.send("GET /stop HTTP/1.1\r\nHost: t\r\n\r\n")
        // The drain deadline closes the connection under the request that asked for the stop.
        _ = await connection.readResponse()
        // A second stop returns when the first is done, so this returns only if the first did.
        await started.stop()
        server.withLock { $0 = nil }
    }
}
