/// The answer to a conditional GET (`If-None-Match`, `If-Modified-Since`): the resource as it is
/// now, or word that the copy the caller holds is still current (`304 Not Modified`).
///
/// ```swift
/// switch try await client.getIssue(owner: "o", repo: "r", number: 3, ifNoneMatch: cached.etag) {
/// case let .modified(reply): cache(reply.responseBody, etag: reply.responseHeaders.etag)
/// case .notModified: break  // the cached issue is current
/// }
/// ```
public enum Conditional<Value: Sendable>: Sendable {
    /// The resource changed, or the request named no copy: here it is.
    case modified(Value)
    /// The copy the request's validators name is still current; the answer had no body.
    case notModified

    /// The new value, `nil` when the held copy is current.
    public var value: Value? {
        if case let .modified(value) = self { value } else { nil }
    }

    /// Whether the held copy is current.
    public var isNotModified: Bool {
        if case .notModified = self { true } else { false }
    }
}

extension Conditional: Equatable where Value: Equatable {}
extension Conditional: Hashable where Value: Hashable {}
