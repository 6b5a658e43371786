import Foundation
import SpecsmithCore

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Sends one request at a time and waits for its answer, with a bounded timeout: all `verify`
/// needs, as it judges one answer before it sends the next request.
struct BlockingHTTPClient {
    /// Why no answer came.
    struct TransportFailure: Error {
        /// Whether nothing listens at the address (connection refused, no such host): the server is
        /// not running there, which is a usage problem rather than a mismatch.
        var isUnreachable: Bool
        var message: String
    }

    private let session: URLSession

    /// A client that gives up on a request after `timeout` seconds.
    init(timeout: TimeInterval) {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.timeoutIntervalForResource = timeout
        configuration.httpCookieAcceptPolicy = .never
        configuration.urlCache = nil
        session = URLSession(configuration: configuration, delegate: ChallengeDecliner(), delegateQueue: nil)
    }

    /// Sends `request` and waits for the answer.
    func send(_ request: URLRequest) -> Result<ServerAnswer, TransportFailure> {
        let outcome = Outcome()
        let done = DispatchSemaphore(value: 0)
        let task = session.dataTask(with: request) { data, response, error in
            defer { done.signal() }
            if let response = response as? HTTPURLResponse {
                var headers: [String: String] = [:]
                for case let (name as String, value as String) in response.allHeaderFields { headers[name] = value }
                outcome.set(.success(ServerAnswer(status: response.statusCode, headers: headers, body: data ?? Data())))
                return
            }
            let code = (error as? URLError)?.code
            if code == .cancelled { outcome.wasCancelled = true }
            let unreachable = [.cannotConnectToHost, .cannotFindHost, .dnsLookupFailed].contains(code)
            let message =
                switch code {
                case .cannotConnectToHost?: "connection refused"
                case .timedOut?: "no answer within the timeout"
                default: error?.localizedDescription ?? "no answer"
                }
            outcome.set(.failure(TransportFailure(isUnreachable: unreachable, message: message)))
        }
        task.resume()
        done.wait()
        #if canImport(FoundationNetworking)
            // A declined challenge ends the task as cancelled, after its `401` came (its body is
            // dropped with the task); any other failure stays one.
            if outcome.wasCancelled, let declined = task.response as? HTTPURLResponse,
                declined.statusCode == 401
            {
                var headers: [String: String] = [:]
                for case let (name as String, value as String) in declined.allHeaderFields { headers[name] = value }
                return .success(ServerAnswer(status: 401, headers: headers, body: Data()))
            }
        #endif
        return outcome.value ?? .failure(TransportFailure(isUnreachable: false, message: "no answer"))
    }

    /// Declines a server's request for HTTP credentials (`WWW-Authenticate: Basic realm=…`):
    /// `verify` sends the credentials it was given itself. On Linux, FoundationNetworking's default
    /// handling of such a challenge never ends the task; declined, it ends, and `send(_:)` hands
    /// on the `401`. Elsewhere the default handling already does.
    private final class ChallengeDecliner: NSObject, URLSessionTaskDelegate, Sendable {
        func urlSession(
            _ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
            completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
        ) {
            #if canImport(FoundationNetworking)
                let method = challenge.protectionSpace.authenticationMethod
                if method == NSURLAuthenticationMethodHTTPBasic || method == NSURLAuthenticationMethodHTTPDigest {
                    return completionHandler(.cancelAuthenticationChallenge, nil)
                }
            #endif
            completionHandler(.performDefaultHandling, nil)
        }
    }

    /// The answer, handed from URLSession's delegate queue to the waiting thread.
    ///
    /// `@unchecked Sendable`: its one stored value is read and written only under `lock`.
    private final class Outcome: @unchecked Sendable {
        private let lock = NSLock()
        private var stored: Result<ServerAnswer, TransportFailure>?
        private var cancelled = false

        /// Whether the task ended as cancelled: no one but the challenge decliner cancels one.
        var wasCancelled: Bool {
            get {
                lock.lock()
                defer { lock.unlock() }
                return cancelled
            }
            set {
                lock.lock()
                cancelled = newValue
                lock.unlock()
            }
        }

        func set(_ result: Result<ServerAnswer, TransportFailure>) {
            lock.lock()
            stored = result
            lock.unlock()
        }

        var value: Result<ServerAnswer, TransportFailure>? {
            lock.lock()
            defer { lock.unlock() }
            return stored
        }
    }
}
