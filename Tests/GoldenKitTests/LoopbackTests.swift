import Foundation
import GoldenKit
import GoldenKitMock
import SpecsmithMock
@_spi(Generated) import SpecsmithRuntime
import SpecsmithTesting
import Testing

/// The generated client, `URLSessionHTTPTransport`, the loopback server and the generated mock routes,
/// all real: every transport failure maps to its own typed failure naming the operation.
@Suite struct LoopbackTests {
    func withMock(timeout: TimeInterval = 60, _ body: (Golden.Client, MockService) async throws -> Void)
        async throws
    {
        let service = MockService(router: FixtureHandler().router)
        let responder: MockHTTPServer.Responder = { await service.respond(to: $0) }
        try await withServer(responder) { url in
            try await body(
                Golden.Client(environment: .custom(api: url, keys: url), appKey: "app", timeout: timeout), service)
        }
    }

    @Test func signInAndListOverLoopback() async throws {
        try await withMock { client, service in
            _ = try await client.signIn(Golden.SignInRequest(email: try .init("a@b.example"), password: "right"))
            let items = try await client.listItems(shop: "main", flavor: .vanilla, locale: "tr")
            #expect(items.first?.id.rawValue == "main|VANILLA|0|tr")
            let signIn = try #require(service.journal.first)
            #expect(signIn.body.contains(#""password":"<redacted>""#))
            #expect(signIn.headers["x-app-key"] == "<redacted>")
        }
    }

    @Test func connectionRefusedIsATransportFailure() async throws {
        // Bound and never listening, so no other test's server can be given it meanwhile.
        let refusing = try ReservedPort()
        let url = refusing.url
        let client = Golden.Client(environment: .custom(api: url, keys: url), timeout: 60)
        do throws(Golden.Failure) {
            _ = try await client.encryptionKey()
            Issue.record("expected a failure")
        } catch {
            #expect(error.kind == .transport(.connectionRefused))
            #expect(error.operation == "encryptionKey")
            #expect(error.message == "No connection.")
        }
        withExtendedLifetime(refusing) {}
    }

    @Test func resetConnectionIsATransportFailure() async throws {
        try await withMock { client, service in
            try service.inject(MockFault(operation: "encryptionKey", kind: .reset))
            do throws(Golden.Failure) {
                _ = try await client.encryptionKey()
                Issue.record("expected a failure")
            } catch {
                guard case .transport = error.kind else {
                    Issue.record("expected a transport failure, got \(error.kind)")
                    return
                }
            }
        }
    }

    @Test func timeoutIsATransportFailure() async throws {
        try await withMock(timeout: 0.2) { client, service in
            try service.inject(MockFault(operation: "encryptionKey", kind: .latency, latencyMilliseconds: 2000))
            do throws(Golden.Failure) {
                _ = try await client.encryptionKey()
                Issue.record("expected a timeout")
            } catch {
                #expect(error.kind == .transport(.timeout))
            }
            service.clearFaults()
        }
    }

    @Test func malformedJSONIsAnInvalidResponse() async throws {
        try await withMock { client, service in
            try service.inject(MockFault(operation: "encryptionKey", kind: .malformedJSON))
            do throws(Golden.Failure) {
                _ = try await client.encryptionKey()
                Issue.record("expected a failure")
            } catch {
                #expect(error.kind == .invalidResponse)
                #expect(error.detail.hasPrefix("encryptionKey failed: malformed response"))
            }
        }
    }

    @Test func injectedServerErrorKeepsItsCode() async throws {
        try await withMock { client, service in
            try service.inject(.error(Golden.ErrorCode.nothingLeft.mockFailure, operation: "encryptionKey"))
            do throws(Golden.Failure) {
                _ = try await client.encryptionKey()
                Issue.record("expected a failure")
            } catch {
                #expect(error.kind == .server(code: 10))
                #expect(error.message == "Sold out.")
            }
        }
    }
}

@Suite struct CancellationTests {
    @Test func cancellingTheTaskCancelsTheRequestInFlight() async throws {
        let service = MockService(router: FixtureHandler().router)
        let entered = Gate()
        let release = Gate()
        let responder: MockHTTPServer.Responder = { request in
            entered.open()
            await release.wait()
            return await service.respond(to: request)
        }
        try await withServer(responder) { url in
            // Whatever happens, the handler waiting on `release` lets go, so the server can stop.
            defer { release.open() }
            let client = Golden.Client(environment: .custom(api: url, keys: url))
            let call = Task { () async -> Golden.Failure.Kind? in
                do throws(Golden.Failure) {
                    _ = try await client.encryptionKey()
                    return nil
                } catch {
                    return error.kind
                }
            }
            await entered.wait()
            call.cancel()
            #expect(await call.value == .transport(.cancelled))
        }
    }
}

/// Runs `body` against a loopback server answering with `responder`, and stops the server on every
/// path out, a thrown error included.
func withServer(_ responder: @escaping MockHTTPServer.Responder, _ body: (URL) async throws -> Void) async throws {
    try await withMockServer(responder: responder) { try await body($0.baseURL) }
}
