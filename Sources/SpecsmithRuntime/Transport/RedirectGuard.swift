import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The delegate of every session ``URLSessionHTTPTransport`` sends through: it applies the redirect
/// rules, and hands everything else to the caller's own delegate, so certificate pinning and other
/// challenge handling apply to every request, whatever its method.
///
/// Redirect rules:
/// - a redirect that would send the request's body again (a `307` or `308` of a POST or PATCH) is
///   not followed: the `3xx` answer is returned, and nothing is sent twice;
/// - a redirect from `https` to `http` is not followed;
/// - a redirect to another origin (scheme, host or port) keeps only content-negotiation headers,
///   so credentials such as `Authorization`, cookies and API keys never reach another origin.
final class RedirectGuard: NSObject, URLSessionTaskDelegate, @unchecked Sendable {
    // @unchecked: the one stored property is a `let`; the caller's delegate is theirs to make
    // thread-safe, exactly as when URLSession calls it directly.
    let inner: (any URLSessionDelegate)?

    init(inner: (any URLSessionDelegate)?) {
        self.inner = inner
    }

    /// Headers that are safe to send to any origin; every other header is dropped across origins.
    static let portableHeaders: Set<String> = ["accept", "accept-language", "accept-encoding", "user-agent"]

    /// The request to follow a redirect with, or `nil` to stop and return the `3xx` answer.
    static func follow(_ proposed: URLRequest, from current: URLRequest?) -> URLRequest? {
        guard let target = proposed.url else { return nil }
        let method = (proposed.httpMethod ?? "GET").uppercased()
        guard method == "GET" || method == "HEAD" else { return nil }
        let origin = current?.url
        if origin?.scheme?.lowercased() == "https", target.scheme?.lowercased() != "https" { return nil }
        var request = proposed
        request.httpBody = nil
        if !isSameOrigin(origin, target) {
            let kept = (proposed.allHTTPHeaderFields ?? [:]).filter { portableHeaders.contains($0.key.lowercased()) }
            request.allHTTPHeaderFields = kept
        }
        return request
    }

    static func isSameOrigin(_ first: URL?, _ second: URL) -> Bool {
        guard let first else { return false }
        return first.scheme?.lowercased() == second.scheme?.lowercased()
            && first.host?.lowercased() == second.host?.lowercased() && port(of: first) == port(of: second)
    }

    private static func port(of url: URL) -> Int? {
        url.port ?? (url.scheme?.lowercased() == "https" ? 443 : url.scheme?.lowercased() == "http" ? 80 : nil)
    }

    // MARK: - URLSessionTaskDelegate

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        guard let next = Self.follow(request, from: task.currentRequest ?? task.originalRequest) else {
            return completionHandler(nil)
        }
        #if canImport(ObjectiveC)
            let asked: Void? = (inner as? any URLSessionTaskDelegate)?.urlSession?(
                session, task: task, willPerformHTTPRedirection: response, newRequest: next,
                completionHandler: completionHandler)
            if asked == nil { completionHandler(next) }
        #else
            guard let taskDelegate = inner as? any URLSessionTaskDelegate else { return completionHandler(next) }
            taskDelegate.urlSession(
                session, task: task, willPerformHTTPRedirection: response, newRequest: next,
                completionHandler: completionHandler)
        #endif
    }

    #if canImport(ObjectiveC)
        // With the Objective-C runtime, every delegate method this class does not implement goes
        // to the caller's delegate as if it were the session's own: URLSession asks `responds(to:)`.
        override func responds(to selector: Selector!) -> Bool {
            super.responds(to: selector) || (inner?.responds(to: selector) ?? false)
        }

        override func forwardingTarget(for selector: Selector!) -> Any? {
            if !super.responds(to: selector), let inner, inner.responds(to: selector) { return inner }
            return super.forwardingTarget(for: selector)
        }
    #else
        // FoundationNetworking calls the task's challenge method for every challenge.
        func urlSession(
            _ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
            completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
        ) {
            let decliningUnanswerable: @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void = {
                disposition, credential in
                if disposition == .performDefaultHandling, Self.isUnanswerable(challenge) {
                    completionHandler(.cancelAuthenticationChallenge, nil)
                } else {
                    completionHandler(disposition, credential)
                }
            }
            guard let taskDelegate = inner as? any URLSessionTaskDelegate else {
                return decliningUnanswerable(.performDefaultHandling, nil)
            }
            taskDelegate.urlSession(
                session, task: task, didReceive: challenge, completionHandler: decliningUnanswerable)
        }

        /// Whether `challenge` is a server's `401` asking for HTTP credentials (`WWW-Authenticate:
        /// Basic realm=…`) that the session has none to propose for. FoundationNetworking's default
        /// handling of one does nothing: the task is neither completed nor retried, and its timer
        /// has stopped, so the call would wait forever. Declined, the task ends as cancelled, and
        /// the transport hands on the `401` (``URLSessionHTTPTransport``).
        static func isUnanswerable(_ challenge: URLAuthenticationChallenge) -> Bool {
            let method = challenge.protectionSpace.authenticationMethod
            return challenge.proposedCredential == nil
                && (method == NSURLAuthenticationMethodHTTPBasic || method == NSURLAuthenticationMethodHTTPDigest)
        }
    #endif
}
