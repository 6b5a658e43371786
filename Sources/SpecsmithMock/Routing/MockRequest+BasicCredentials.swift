import SpecsmithRuntime

extension MockRequest {
    /// The user-id and password the request's `Authorization` carries as HTTP Basic (RFC 7617), for a
    /// handler to check against the account it knows; `nil` when it carries none or a malformed one.
    /// A route whose spec requires a `basic` scheme never reaches its handler without them.
    public var basicCredentials: BasicCredentials? {
        header("Authorization").flatMap { BasicCredentials(authorization: $0) }
    }
}
