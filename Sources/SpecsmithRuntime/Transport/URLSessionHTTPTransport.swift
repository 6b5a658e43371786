import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The default transport: `URLSession` (FoundationNetworking on Linux) with a per-request timeout.
///
/// - The default session is ephemeral: no cookie store, credential store or response cache on disk,
///   so card lists and payment results never land in a cache file.
/// - The delegate of the session you pass is used for every request, whatever its method, so
///   certificate pinning in it applies to the requests that carry card data too. The transport
///   sends through a session of its own with that configuration and delegate, behind a guard that
///   applies the redirect rules of `RedirectGuard`: no body is ever sent again, no credential
///   header ever reaches another origin, and `https` never falls back to `http`.
/// - A request whose method is not idempotent (POST, PATCH) never reuses a kept-alive connection on
///   Linux. There, URLSession (libcurl) silently sends a request again on a fresh connection when
///   a reused one is reset before any answer; for a payment that is a second charge, or, as
///   observed, the headers again without the body and a made-up timeout. On a connection of its
///   own a reset is reported as ``TransportFailure/Kind/connectionReset`` instead.
public struct URLSessionHTTPTransport: HTTPTransport {
    private let sessions: GuardedSessions

    /// - Parameter session: Whose configuration and delegate every request uses; by default an
    ///   ephemeral one shared by every transport that takes the default.
    public init(session: URLSession = URLSessionHTTPTransport.ephemeralSession) {
        sessions = session === Self.ephemeralSession ? Self.defaultSessions : GuardedSessions(like: session)
    }

    /// The session every default transport takes after: ephemeral, and never served from a cache.
    public static let ephemeralSession = URLSession(configuration: ephemeralConfiguration())

    private static let defaultSessions = GuardedSessions(like: ephemeralSession)

    /// An ephemeral configuration with no URL cache at all.
    static func ephemeralConfiguration() -> URLSessionConfiguration {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        return configuration
    }

    /// The configuration of the session repeatable requests go through.
    var configuration: URLSessionConfiguration { sessions.shared.configuration }

    /// Sends `request` with `URLSession`, within its timeout; cancelling the task cancels it.
    /// - Throws: `TransportFailure` when no response came.
    public func send(_ request: TransportRequest) async throws(TransportFailure) -> TransportResponse {
        var urlRequest = URLRequest(url: request.url)
        urlRequest.httpMethod = request.method.rawValue
        urlRequest.httpBody = request.body
        urlRequest.timeoutInterval = request.timeout
        for header in request.headers {
            urlRequest.addValue(header.value, forHTTPHeaderField: header.name)
        }
        #if canImport(FoundationNetworking)
            if !request.method.isIdempotent || request.body != nil {
                // A session of its own has no kept-alive connection to reuse, so libcurl has
                // nothing to retry on. It has the same delegate as every other request. A request
                // with a body counts too: when a reused connection was reset, libcurl sent an
                // idempotent PUT again with its headers and without its body, and the call hung
                // until the server's read timeout (10 s in the mock) gave up on the missing bytes.
                let single = sessions.single()
                defer { single.finishTasksAndInvalidate() }
                return try await send(urlRequest, on: single)
            }
        #endif
        return try await send(urlRequest, on: sessions.shared)
    }

    private func send(_ urlRequest: URLRequest, on session: URLSession) async throws(TransportFailure)
        -> TransportResponse
    {
        do {
            #if canImport(FoundationNetworking)
                let (data, response) = try await Self.data(for: urlRequest, on: session)
            #else
                let (data, response) = try await session.data(for: urlRequest)
            #endif
            guard let http = response as? HTTPURLResponse else {
                throw TransportFailure(.other, detail: "the response is not HTTP")
            }
            var headers: [String: String] = [:]
            for (name, value) in http.allHeaderFields {
                if let name = name as? String, let value = value as? String { headers[name.lowercased()] = value }
            }
            return TransportResponse(status: http.statusCode, headers: headers, body: data)
        } catch let failure as TransportFailure {
            throw failure
        } catch let error as URLError {
            throw TransportFailure(Self.kind(of: error), detail: error.localizedDescription)
        } catch is CancellationError {
            throw TransportFailure(.cancelled, detail: "the task was cancelled")
        } catch {
            throw TransportFailure(.other, detail: String(describing: error))
        }
    }

    #if canImport(FoundationNetworking)
        /// The answer to `urlRequest`, as `session.data(for:)` gives it, and also when the server
        /// asked for HTTP credentials the session has none for: `RedirectGuard` declines that
        /// challenge, FoundationNetworking then ends the task as cancelled, and the `401` that
        /// came is handed on with its status and headers. Its body is lost with the task, so the
        /// failure is read by its status.
        private static func data(for urlRequest: URLRequest, on session: URLSession) async throws -> (Data, URLResponse)
        {
            // The task once made, and whether the caller cancelled: a decline is told from that.
            let state = Locked<(task: URLSessionDataTask?, cancelled: Bool)>((nil, false))
            return try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { continuation in
                    let task = session.dataTask(with: urlRequest) { data, response, error in
                        if let response, error == nil {
                            return continuation.resume(returning: (data ?? Data(), response))
                        }
                        let (task, cancelled) = state.withLock { $0 }
                        if !cancelled, (error as? URLError)?.code == .cancelled,
                            let declined = task?.response as? HTTPURLResponse, declined.statusCode == 401
                        {
                            return continuation.resume(returning: (Data(), declined))
                        }
                        continuation.resume(throwing: error ?? URLError(.badServerResponse))
                    }
                    let cancelled = state.withLock { state in
                        state.task = task
                        return state.cancelled
                    }
                    if cancelled { task.cancel() }
                    task.resume()
                }
            } onCancel: {
                state.withLock { state in
                    state.cancelled = true
                    return state.task
                }?.cancel()
            }
        }
    #endif

    private static func kind(of error: URLError) -> TransportFailure.Kind {
        switch error.code {
        case .timedOut: .timeout
        case .cannotConnectToHost: .connectionRefused
        case .networkConnectionLost: .connectionReset
        case .cancelled: .cancelled
        default: .other
        }
    }
}

/// The sessions a transport sends through, all with the caller's configuration and, behind the
/// redirect guard, the caller's delegate.
final class GuardedSessions: Sendable {
    let shared: URLSession
    private let delegate: RedirectGuard
    private let queue: OperationQueue?

    init(like session: URLSession) {
        delegate = RedirectGuard(inner: session.delegate)
        queue = session.delegateQueue
        shared = URLSession(configuration: session.configuration, delegate: delegate, delegateQueue: queue)
    }

    /// A session for one request, with the same configuration and delegate.
    func single() -> URLSession {
        URLSession(configuration: shared.configuration, delegate: delegate, delegateQueue: queue)
    }

    deinit {
        // A session keeps its delegate until it is invalidated.
        shared.finishTasksAndInvalidate()
    }
}
