import Foundation

/// Operations paginated by `Link` headers: each page names the next one's URL.
extension ClientCore {
    /// Sends one page of an operation paginated by `Link` headers: the first page for `next == nil`,
    /// else the page at `next`, a URL the previous page's `Link: rel="next"` named on the same origin.
    ///
    /// - Returns: The page and the next page's URL, `nil` after the last.
    /// - Throws: The service's failure type; a link to another origin is a malformed response.
    public func sendPage<Response: Codable & Sendable, Failure: ServiceFailure>(
        _ operation: WireOperation,
        next: String?,
        path: [String: String] = [:],
        query: [(String, (any ParameterValue)?)] = [],
        headers: [(String, (any ParameterValue)?)] = [],
        as failure: Failure.Type
    ) async throws(Failure) -> (page: Response, next: String?) {
        do {
            let (payload, _, following) =
                try await page(operation, next, path, query, headers) as (Response, _, _)
            return (payload, following)
        } catch {
            throw Failure(error)
        }
    }

    /// Sends one page of an operation paginated by `Link` headers and decodes it with the
    /// response headers it declares, as ``sendPage(_:next:path:query:headers:as:)`` does.
    ///
    /// - Returns: The page as a reply and the next page's URL, `nil` after the last.
    /// - Throws: The service's failure type; a link to another origin, or a declared header that
    ///   is missing or not of its type, is a malformed response.
    public func sendPage<Response: Codable & Sendable, Headers: ResponseHeaders, Failure: ServiceFailure>(
        _ operation: WireOperation,
        next: String?,
        path: [String: String] = [:],
        query: [(String, (any ParameterValue)?)] = [],
        headers: [(String, (any ParameterValue)?)] = [],
        replyHeaders: Headers.Type,
        as failure: Failure.Type
    ) async throws(Failure) -> (page: Reply<Response, Headers>, next: String?) {
        do throws(ClientFailure) {
            let (payload, response, following) =
                try await page(operation, next, path, query, headers) as (Response, _, _)
            return (try reply(payload, response, operation), following)
        } catch {
            throw Failure(error)
        }
    }

    /// One page at `next` (the first for `nil`), its answer, and the URL its `Link` names next.
    private func page<Response: Codable & Sendable>(
        _ operation: WireOperation, _ next: String?, _ path: [String: String],
        _ query: [(String, (any ParameterValue)?)], _ headers: [(String, (any ParameterValue)?)]
    ) async throws(ClientFailure) -> (Response, TransportResponse, String?) {
        let url = try next.map { next throws(ClientFailure) in
            guard let url = URL(string: next) else {
                throw ClientFailure(operation: operation.name, reason: .malformedResponse("a next-page link is no URL"))
            }
            return url
        }
        let (payload, response) =
            try await perform(operation, path, query, headers, NoContent?.none, at: url) as (Response, _)
        let link = response.headers.first { $0.key.lowercased() == "link" }?.value
        let following = link.flatMap { LinkHeader.target(of: $0, base: url ?? baseURLs[operation.host]) }
        return (payload, response, following?.absoluteString)
    }
}
