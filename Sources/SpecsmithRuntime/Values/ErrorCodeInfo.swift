/// What a spec says about one error code; generated catalogs map codes to these.
public struct ErrorCodeInfo: Sendable, Hashable {
    /// How an SDK classifies an error code.
    public enum Category: String, Sendable, Hashable, CaseIterable {
        /// The service refused the request; the session is bad; data could not be encrypted or decrypted.
        case server, session, encryption
    }

    /// The wire name, such as `INVALID_CURRENCY`.
    public var name: String
    /// The default message for users.
    public var message: String
    /// How an SDK classifies it: its failure's `kind`.
    public var category: Category
    /// Whether the same call may succeed later.
    public var retryable: Bool
    /// The HTTP status a mock answers with.
    public var status: Int
    /// The error carries no code in its body: it is any error answer with ``status``, and its
    /// catalogue key (its `ErrorCode`'s raw value) is that status.
    public var byStatus: Bool
    /// What tells this error apart from another without a code of the same status (a header or a
    /// body member and its value); `nil` for the one its status alone names. Its catalogue key is
    /// then its name.
    public var condition: ErrorCondition?

    /// What the spec says about an error code.
    public init(
        name: String, message: String, category: Category = .server, retryable: Bool = false, status: Int = 422,
        byStatus: Bool = false, when condition: ErrorCondition? = nil
    ) {
        self.condition = condition
        self.name = name
        self.message = message
        self.category = category
        self.retryable = retryable
        self.status = status
        self.byStatus = byStatus
    }
}
