// Hand-written: the one transport the SDK trusts with the session token. It is a URLSession that only
// the SDK holds, so no app delegate, URLProtocol or task list can read the requests it sends.
import Foundation
@_spi(Generated) import SpecsmithRuntime

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension BKMExpress {
    /// How the SDK reaches BKM: `URLSession`, on a session of the SDK's own.
    ///
    /// It is the default transport of ``BKMExpress/initialize(context:transport:middlewares:)`` and the
    /// only one the SDK hands the session token to, just before the request leaves the device. To
    /// tune networking (timeouts, proxies, HTTP/2 limits), pass ``init(configuration:)`` a
    /// `URLSessionConfiguration`: the SDK copies it and makes its own session from the copy, with
    /// no delegate, the system's protocol classes only, and no cache, cookie or credential store.
    ///
    /// Any other `HTTPTransport` (a test double, a fault injector, a wrapper around this one) is
    /// app code, so it is never given the token: its requests carry `Bex-Connection: <redacted>`.
    /// Such a transport serves tests that answer requests themselves; a server checks the token
    /// and refuses those requests.
    public struct WireTransport: HTTPTransport {
        private let owner: SessionOwner

        /// The default: one ephemeral session shared by every default transport of the SDK.
        public init() {
            owner = Self.shared
        }

        /// A session of the SDK's own made from a copy of `configuration`, with the parts that
        /// could observe requests or keep answers (protocol classes, cache, cookie and credential
        /// stores) put back to none.
        public init(configuration: URLSessionConfiguration) {
            owner = SessionOwner(session: URLSession(configuration: Self.sealed(configuration)), shared: false)
        }

        /// Sends `request` through the SDK's own session.
        /// - Throws: `TransportFailure` when no response came.
        public func send(_ request: TransportRequest) async throws(TransportFailure) -> TransportResponse {
            try await owner.transport.send(request)
        }

        // MARK: - Private helpers

        private static let shared = SessionOwner(
            session: URLSession(configuration: sealed(.ephemeral)), shared: true)

        private static func sealed(_ configuration: URLSessionConfiguration) -> URLSessionConfiguration {
            let copy = (configuration.copy() as? URLSessionConfiguration) ?? .ephemeral
            copy.protocolClasses = URLSessionConfiguration.ephemeral.protocolClasses
            copy.urlCache = nil
            copy.requestCachePolicy = .reloadIgnoringLocalCacheData
            copy.httpCookieStorage = nil
            copy.httpShouldSetCookies = false
            copy.urlCredentialStorage = nil
            return copy
        }
    }

    /// Owns a URLSession the SDK made, and lets it go with its last transport.
    private final class SessionOwner: Sendable {
        let transport: URLSessionHTTPTransport
        private let session: URLSession
        private let shared: Bool

        init(session: URLSession, shared: Bool) {
            self.session = session
            self.shared = shared
            transport = URLSessionHTTPTransport(session: session)
        }

        deinit {
            if !shared { session.finishTasksAndInvalidate() }
        }
    }
}
