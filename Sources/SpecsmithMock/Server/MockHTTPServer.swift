import Foundation
import SpecsmithRuntime

/// An HTTP/1.1 server on loopback over POSIX sockets, for mocks in tests, examples and an app in a
/// simulator. Each connection is a task that runs on one of the server's event-loop threads (see
/// ``Configuration/eventLoops``), which wait on the sockets, so a slow client never delays the others
/// and a busy test process's thread pool never delays an answer. Requests go to an async responder
/// (a ``MockRouter`` behind a ``MockService``); it must suspend rather than block its thread.
///
/// - Keep-alive per RFC 9112; Content-Length and chunked bodies; 400 for ambiguous framing, 431 for
///   headers or trailers over the limit, 413 for bodies over it; idle and read timeouts.
/// - At most ``Configuration/maxConnections`` connections; when the process runs out of
///   descriptors the acceptor backs off instead of spinning.
/// - `/__mock/*` answers only a loopback `Host` with this port, JSON bodies, and the admin token
///   when one is configured.
/// - `stop()` closes the listener, lets requests in flight finish up to the drain timeout, then
///   closes the rest. A server released without `stop()` closes its port and thread at once.
public final class MockHTTPServer: Sendable {
    /// What answers each request.
    public typealias Responder = @Sendable (MockRequest) async -> MockResponse
    /// What answers a request the server refuses before any responder sees it, by status and reason.
    typealias RefusalResponder = @Sendable (_ status: Int, _ message: String) -> MockResponse

    /// The limits and address the server was started with.
    public let configuration: Configuration
    /// The port the server listens on.
    public let port: UInt16
    private let core: ServerCore

    /// `http://127.0.0.1:<port>` (or `http://[::1]:<port>`).
    public var baseURL: URL {
        URL(
            string:
                "http://\(configuration.host.contains(":") ? "[\(configuration.host)]" : configuration.host):\(port)")!
    }

    /// Binds and starts serving at once.
    /// - Throws: ``SocketFailure`` when the address cannot be bound, such as a port in use.
    public convenience init(configuration: Configuration = Configuration(), responder: @escaping Responder)
        throws(SocketFailure)
    {
        try self.init(configuration: configuration, responder: responder, refusal: MockResponse.error)
    }

    /// Binds and starts serving, with the server's own refusals answered by `refusal`.
    init(configuration: Configuration, responder: @escaping Responder, refusal: @escaping RefusalResponder)
        throws(SocketFailure)
    {
        guard configuration.host == "127.0.0.1" || configuration.host == "::1" else {
            throw SocketFailure("bind(\(configuration.host)): only loopback is allowed", code: EADDRNOTAVAIL)
        }
        self.configuration = configuration
        core = try ServerCore(configuration: configuration, responder: responder, refusal: refusal)
        port = core.port
        core.start()
    }

    deinit {
        core.abandon()
    }

    /// Closes the listener, lets requests in flight finish for up to ``Configuration/drainTimeout``
    /// seconds, then closes every connection left. A second call returns when the first is done.
    public func stop() async {
        await core.stop()
    }

    /// The event loops, for tests.
    var eventLoops: [EventLoop] { core.loops }

    /// The listening socket, for tests.
    var listener: Socket { core.listener }

    /// Every descriptor the server holds now (listener, wake pipe, connections), for tests.
    var descriptors: [Int32] { core.descriptors }

    /// Whether every descriptor the server holds is close-on-exec, for tests.
    var descriptorsAreCloseOnExec: Bool { core.descriptorsAreCloseOnExec }
}
