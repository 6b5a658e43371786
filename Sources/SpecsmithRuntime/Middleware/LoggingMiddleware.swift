import Foundation

/// Logs each request and response with every sensitive value redacted: credential headers and
/// headers of sensitive values, and the body fields the spec marks `sensitive` wherever its types
/// put them (the operation's redaction paths: the request, the answer, and for any answer that is
/// not a success the declared error body as well). The URL's query is never printed.
public struct LoggingMiddleware: TransportMiddleware {
    private let log: @Sendable (String) -> Void

    /// - Parameter log: Where lines go, such as `print` or an `os.Logger`.
    public init(log: @escaping @Sendable (String) -> Void) {
        self.log = log
    }

    public func intercept(
        _ request: TransportRequest, operation: WireOperation,
        next: @Sendable (TransportRequest) async throws(TransportFailure) -> TransportResponse
    ) async throws(TransportFailure) -> TransportResponse {
        let headers = Redaction.redactedHeaders(request.headers, sensitive: operation.credentialHeaders)
            .map { "\($0.name): \($0.value)" }.joined(separator: ", ")
        // A server may repeat a sensitive value of the request anywhere in its answer, such as in an
        // error's message; a sensitive path parameter is also in the path this line prints.
        let sent = Redaction.sensitiveValues(of: request, for: operation)
        let path = operation.hidingSensitiveSegments(in: Redaction.encodedPath(of: request.url))
        var line = "→ \(operation.name) \(request.method) \(path) [\(headers)]"
        if let body = request.body {
            line += " " + Redaction.redactedText(of: body, paths: operation.sensitiveRequestFields)
        }
        log(line)
        do {
            let response = try await next(request)
            // An error answer may be the declared error body or, from a proxy or an old server, the
            // success shape: both sets of paths apply.
            let paths =
                (200..<300).contains(response.status)
                ? operation.sensitiveResponseFields
                : operation.sensitiveErrorFields + operation.sensitiveResponseFields
            let body = Redaction.hiding(sent, in: Redaction.redactedText(of: response.body, paths: paths))
            log("← \(operation.name) \(response.status) \(body)")
            return response
        } catch {
            log("✕ \(operation.name) \(Redaction.hiding(sent, in: String(describing: error)))")
            throw error
        }
    }
}
