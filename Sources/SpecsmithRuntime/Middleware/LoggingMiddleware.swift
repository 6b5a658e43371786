import Foundation

/// Logs each request and response with every sensitive value redacted: credential headers, and the
/// body fields the spec marks `sensitive` (from the operation's redaction paths).
public struct LoggingMiddleware: ClientMiddleware {
    private let log: @Sendable (String) -> Void

    /// - Parameter log: Where lines go, such as `print` or an `os.Logger`.
    public init(log: @escaping @Sendable (String) -> Void) {
        self.log = log
    }

    public func intercept(
        _ request: HTTPRequest, operation: WireOperation,
        next: @Sendable (HTTPRequest) async throws(TransportFailure) -> HTTPResponse
    ) async throws(TransportFailure) -> HTTPResponse {
        let headers = Redaction.redactedHeaders(request.headers, sensitive: operation.credentialHeaders)
            .map { "\($0.name): \($0.value)" }.joined(separator: ", ")
        var line = "→ \(operation.name) \(request.method) \(request.url.path) [\(headers)]"
        if let body = request.body {
            line += " " + Redaction.redactedText(of: body, paths: operation.sensitiveRequestFields)
        }
        log(line)
        do {
            let response = try await next(request)
            let body = Redaction.redactedText(of: response.body, paths: operation.sensitiveResponseFields)
            log("← \(operation.name) \(response.status) \(body)")
            return response
        } catch {
            log("✕ \(operation.name) \(error)")
            throw error
        }
    }
}
