import Foundation
import SpecsmithMock
import SpecsmithRuntime
import SpecsmithTesting
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The transport over real loopback sockets: the caller's session delegate is used for every
/// method, and redirects never leak credentials to another origin or send a body twice. Two
/// loopback servers on different ports are two origins.
@Suite struct URLSessionHTTPTransportTests {
    /// A loopback server that records what it was sent and answers `/go` with a redirect to
    /// `target` (a path on itself, or a URL on another server) and everything else with 200.
    final class Server: Sendable {
        let received = Recorder<[MockRequest]>([])
        let server: MockHTTPServer

        init(redirectStatus: Int = 302, target: @escaping @Sendable () -> String = { "/landed" }) throws {
            let received = received
            server = try MockHTTPServer { request in
                received.update { $0.append(request) }
                guard request.path == "/go" else {
                    return MockResponse(status: 200, headers: ["content-type": "text/plain"], body: Data("ok".utf8))
                }
                return MockResponse(
                    status: redirectStatus, headers: ["location": target(), "content-type": "text/plain"], body: Data())
            }
        }

        var url: URL { server.baseURL.appendingPathComponent("go") }
        var landed: [MockRequest] { received.value.filter { $0.path == "/landed" } }
    }

    /// Counts the redirects URLSession asks its delegate about, and lets each happen.
    final class CountingDelegate: NSObject, URLSessionTaskDelegate, Sendable {
        let redirects = Recorder<[String]>([])

        func urlSession(
            _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
            newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
        ) {
            redirects.update { $0.append(task.originalRequest?.httpMethod ?? "") }
            completionHandler(request)
        }
    }

    static let credentials: [(name: String, value: String)] = [
        (name: "Authorization", value: "Bearer secret-token"), (name: "X-Merchant-Key", value: "mk_secret"),
        (name: "Cookie", value: "session=secret"), (name: "Accept", value: "application/json"),
    ]

    @Test(arguments: ["GET", "POST", "PATCH"] as [RequestMethod])
    func theCallersDelegateIsUsedForEveryMethod(_ method: RequestMethod) async throws {
        // 303 turns every method into a GET without a body, so each method gets one redirect.
        let server = try Server(redirectStatus: 303)
        let delegate = CountingDelegate()
        let session = URLSession(configuration: .ephemeral, delegate: delegate, delegateQueue: nil)
        defer { session.finishTasksAndInvalidate() }
        let transport = URLSessionHTTPTransport(session: session)
        let body = method == "GET" ? nil : Data("{}".utf8)
        let response = try await transport.send(TransportRequest(method: method, url: server.url, body: body))
        #expect(response.status == 200)
        #expect(delegate.redirects.value == [method.rawValue])
        await server.server.stop()
    }

    @Test func aRedirectToAnotherOriginCarriesNoCredentials() async throws {
        let other = try Server()
        let otherURL = other.server.baseURL.appendingPathComponent("landed").absoluteString
        let server = try Server(target: { otherURL })
        let response = try await URLSessionHTTPTransport().send(
            TransportRequest(method: "GET", url: server.url, headers: Self.credentials))
        #expect(response.status == 200)
        let landed = try #require(other.landed.first)
        #expect(landed.header("Authorization") == nil)
        #expect(landed.header("X-Merchant-Key") == nil)
        #expect(landed.header("Cookie") == nil)
        #expect(landed.header("Accept") == "application/json")
        await server.server.stop()
        await other.server.stop()
    }

    @Test func aRedirectWithinTheOriginKeepsTheCredentials() async throws {
        let server = try Server()
        let response = try await URLSessionHTTPTransport().send(
            TransportRequest(method: "GET", url: server.url, headers: Self.credentials))
        #expect(response.status == 200)
        let landed = try #require(server.landed.first)
        #expect(landed.header("Authorization") == "Bearer secret-token")
        #expect(landed.header("X-Merchant-Key") == "mk_secret")
        await server.server.stop()
    }

    @Test(arguments: [307, 308], ["POST", "PATCH"] as [RequestMethod])
    func aRedirectNeverSendsABodyAgain(_ status: Int, _ method: RequestMethod) async throws {
        let server = try Server(redirectStatus: status)
        let response = try await URLSessionHTTPTransport().send(
            TransportRequest(
                method: method, url: server.url, headers: Self.credentials, body: Data(#"{"card":"jwe"}"#.utf8))
        )
        // The redirect is the answer: the caller sees it, and the body went out exactly once.
        #expect(response.status == status)
        #expect(server.landed.isEmpty)
        #expect(server.received.value.count == 1)
        await server.server.stop()
    }
}
