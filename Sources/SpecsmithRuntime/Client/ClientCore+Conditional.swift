import Foundation

/// Conditional GETs, whose `304 Not Modified` is an outcome rather than a failure.
extension ClientCore {
    /// Sends a conditional GET and decodes its answer: `304 Not Modified` is
    /// ``Conditional/notModified``, any other answer as ``send(_:path:query:headers:body:as:)`` makes it.
    ///
    /// - Throws: The service's failure type, made from a ``ClientFailure`` naming the operation.
    public func sendConditional<Response: Codable & Sendable, Failure: ServiceFailure>(
        _ operation: WireOperation,
        path: [String: String] = [:],
        query: [(String, (any ParameterValue)?)] = [],
        headers: [(String, (any ParameterValue)?)] = [],
        as failure: Failure.Type
    ) async throws(Failure) -> Conditional<Response> {
        do {
            let answer: (payload: Response, response: TransportResponse)? = try await perform(
                operation, path, query, headers, NoContent?.none, notModified: true)
            return answer.map { .modified($0.payload) } ?? .notModified
        } catch {
            throw Failure(error)
        }
    }

    /// Sends a conditional GET and decodes its answer with the response headers it declares:
    /// `304 Not Modified` is ``Conditional/notModified``.
    ///
    /// - Throws: The service's failure type, made from a ``ClientFailure`` naming the operation;
    ///   a declared header that is missing or not of its type is a malformed response.
    public func sendConditional<Response: Codable & Sendable, Headers: ResponseHeaders, Failure: ServiceFailure>(
        _ operation: WireOperation,
        path: [String: String] = [:],
        query: [(String, (any ParameterValue)?)] = [],
        headers: [(String, (any ParameterValue)?)] = [],
        replyHeaders: Headers.Type,
        as failure: Failure.Type
    ) async throws(Failure) -> Conditional<Reply<Response, Headers>> {
        do throws(ClientFailure) {
            let answer: (payload: Response, response: TransportResponse)? = try await perform(
                operation, path, query, headers, NoContent?.none, notModified: true)
            guard let (payload, response) = answer else { return .notModified }
            return .modified(try reply(payload, response, operation))
        } catch {
            throw Failure(error)
        }
    }
}
