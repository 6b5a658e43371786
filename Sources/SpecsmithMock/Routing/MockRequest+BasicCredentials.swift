import SpecsmithRuntime

extension MockRequest {
    /// The user-id and password the request's `Authorization` carries as HTTP Basic (RFC 7617), for a
    /// handler to check against the account it knows; `nil` when it carries none or a malformed one.
    /// A route whose spec requires a `basic` scheme never reaches its handler without them.
    public var basicCredentials: BasicCredentials? {
        guard let value = header("Authorization"), let space = value.firstIndex(of: " "),
            value[..<space].lowercased() == "basic"
        else { return nil }
        return BasicCredentials(encoded: value[value.index(after: space)...])
    }
}
