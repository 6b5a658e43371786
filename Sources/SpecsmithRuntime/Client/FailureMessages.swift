/// The user-facing wording of failures that carry no known error code, in the service's language.
public struct FailureMessages: Sendable, Hashable {
    /// When no answer came: a timeout, a refused or reset connection.
    public var transport: String
    /// When the answer does not follow the spec.
    public var invalidResponse: String
    /// When the request could not be built, such as a value that breaks its rules.
    public var invalidRequest: String
    /// When the session is missing, invalid or expired.
    public var session: String
    /// When data could not be encrypted or decrypted.
    public var encryption: String
    /// When the service answered with an error code the catalog does not know.
    public var server: String

    /// The wording of each kind of failure, from the spec's `messages`.
    public init(
        transport: String, invalidResponse: String, invalidRequest: String, session: String, encryption: String,
        server: String
    ) {
        self.transport = transport
        self.invalidResponse = invalidResponse
        self.invalidRequest = invalidRequest
        self.session = session
        self.encryption = encryption
        self.server = server
    }
}
