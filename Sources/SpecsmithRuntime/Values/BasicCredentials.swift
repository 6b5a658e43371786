import Foundation

/// A user-id and password for HTTP Basic authentication (RFC 7617), as a spec's `basic` scheme
/// asks the client for: an account id and its secret, or a secret key as the user-id and an empty
/// password.
///
/// The client sends them base64-encoded after `Basic ` in `Authorization`. Neither part is ever
/// printed: `description`, `dump` and a debugger show `BasicCredentials(<redacted>)`.
public struct BasicCredentials: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible,
    CustomReflectable
{
    /// The user-id: an account id, or the secret key of an API that takes its key this way.
    public let username: String
    /// The password; empty when the user-id alone is the secret.
    public let password: String

    /// Credentials of `username` and `password`, each kept in Unicode Normalization Form C.
    /// - Throws: ``ValueRuleFailure`` when `username` holds a colon, which would end it early on the
    ///   wire, or either part holds a control character (RFC 7617 §2). The failure never quotes them.
    public init(username: String, password: String) throws(ValueRuleFailure) {
        if username.contains(":") {
            throw Self.invalid("a user-id cannot hold a colon: the password starts at the first one")
        }
        if (username + password).unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            throw Self.invalid("a user-id or password cannot hold a control character")
        }
        // RFC 7617 §2.1: with `charset="UTF-8"`, both parts are sent in Unicode Normalization Form C,
        // so an `é` typed as `e` and a combining accent sends the bytes the server stored.
        self.username = username.precomposedStringWithCanonicalMapping
        self.password = password.precomposedStringWithCanonicalMapping
    }

    /// The credentials `encoded` (what follows `Basic ` in `Authorization`) carries, as a server
    /// reads them; `nil` when it is not the base64 of UTF-8 `user-id:password` that
    /// ``init(username:password:)`` would take.
    public init?(encoded: some StringProtocol) {
        let trimmed = encoded.trimmingCharacters(in: .whitespaces)
        guard let bytes = Data(base64Encoded: trimmed), let text = String(data: bytes, encoding: .utf8),
            let colon = text.firstIndex(of: ":")
        else { return nil }
        try? self.init(username: String(text[..<colon]), password: String(text[text.index(after: colon)...]))
    }

    /// The credentials an `Authorization` value carries as HTTP Basic (`Basic <base64>`, the scheme
    /// in any case); `nil` for another scheme or a malformed credential.
    public init?(authorization value: some StringProtocol) {
        guard let space = value.firstIndex(of: " "), value[..<space].lowercased() == "basic" else { return nil }
        self.init(encoded: value[value.index(after: space)...])
    }

    /// What follows `Basic ` in `Authorization`: `user-id:password` in UTF-8, base64-encoded.
    public var encoded: String {
        Data("\(username):\(password)".utf8).base64EncodedString()
    }

    public var description: String { "BasicCredentials(\(redacted))" }

    public var debugDescription: String { description }

    public var customMirror: Mirror { Mirror(self, children: [], displayStyle: .struct) }

    private static func invalid(_ reason: String) -> ValueRuleFailure {
        ValueRuleFailure(type: "BasicCredentials", rule: .sdk(reason), value: nil)
    }
}
