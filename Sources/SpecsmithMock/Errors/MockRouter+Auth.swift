import Foundation
@_spi(Generated) import SpecsmithRuntime

/// The spec's auth, enforced before any handler runs: every credential an operation requires must
/// arrive, in its header (after its prefix, such as `Bearer `) or its query parameter, and an
/// optional one that arrives must be well formed. A handler still decides whether a credential
/// that arrived is the right one (an unknown session, a wrong key); an operation with no auth, and
/// a spec with none, stay open.
extension MockRouter {
    /// The refusal of a request that lacks a credential `operation` requires or brings a malformed
    /// one; `nil` when every requirement is met.
    static func credentialRefusal(of request: MockRequest, for operation: WireOperation) -> MockFailure? {
        for requirement in operation.auth {
            guard let problem = requirement.problem(in: request) else { continue }
            let challenge = requirement.unwrappedOptional.challenge(realm: operation.host)
            var refusal = MockFailure.raisedByMock(
                status: 401, message: problem, headers: ["www-authenticate": challenge])
            refusal.takesDeclaredMessage = true
            return refusal
        }
        return nil
    }
}

extension AuthRequirement {
    /// What is wrong with the request's credential for this requirement; `nil` when it is met.
    func problem(in request: MockRequest) -> String? {
        switch self {
        case let .optional(inner):
            return inner.isPresent(in: request) ? inner.problem(in: request) : nil
        case let .queryKey(name):
            return request.query[name].map { $0.isEmpty } ?? true ? "the query parameter \(name) is missing" : nil
        case let .appKey(header):
            return request.header(header).map { $0.isEmpty } ?? true ? "the \(header) header is missing" : nil
        case let .session(header, prefix), let .prefixedKey(header, prefix):
            guard let value = request.header(header), !value.isEmpty else { return "the \(header) header is missing" }
            // The scheme of `Bearer <token>` is case-insensitive (RFC 9110 §11.1); the token must follow it.
            guard value.count >= prefix.count, value.prefix(prefix.count).lowercased() == prefix.lowercased(),
                !value.dropFirst(prefix.count).trimmingCharacters(in: .whitespaces).isEmpty
            else {
                return prefix.isEmpty
                    ? "the \(header) header is missing" : "the \(header) header must be \"\(prefix)<credential>\""
            }
            if Self.isBasic(prefix), BasicCredentials(encoded: value.dropFirst(prefix.count)) == nil {
                return "the \(header) header must be \"\(prefix)\" and the base64 of user-id:password"
            }
            return nil
        }
    }

    /// Whether `prefix` is HTTP Basic's scheme (RFC 7617), whose credential has a form to check.
    private static func isBasic(_ prefix: String) -> Bool {
        prefix.trimmingCharacters(in: .whitespaces).lowercased() == "basic"
    }

    /// Whether the request carries this credential at all, well formed or not.
    private func isPresent(in request: MockRequest) -> Bool {
        switch self {
        case let .optional(inner): inner.isPresent(in: request)
        case let .queryKey(name): request.query[name] != nil
        case let .appKey(header), let .session(header, _), let .prefixedKey(header, _): request.header(header) != nil
        }
    }

    /// The `WWW-Authenticate` challenge a 401 for this credential carries (RFC 9110 §11.6.1): the
    /// prefix's scheme (`Bearer`), else a key scheme naming where the key goes. HTTP Basic names
    /// its protection space, as RFC 7617 requires: `realm`, the spec's name for the host.
    func challenge(realm: String) -> String {
        switch self {
        case let .optional(inner): inner.challenge(realm: realm)
        case let .session(header, prefix), let .prefixedKey(header, prefix):
            Self.isBasic(prefix)
                ? "\(prefix.trimmingCharacters(in: .whitespaces)) realm=\"\(realm)\", charset=\"UTF-8\""
                : prefix.trimmingCharacters(in: .whitespaces).isEmpty
                    ? "ApiKey header=\"\(header)\"" : prefix.trimmingCharacters(in: .whitespaces)
        case let .appKey(header): "ApiKey header=\"\(header)\""
        case let .queryKey(name): "ApiKey query=\"\(name)\""
        }
    }
}
