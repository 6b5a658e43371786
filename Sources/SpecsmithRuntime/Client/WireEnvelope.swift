/// The wire shape around success and error bodies, as the spec's `envelope` describes it.
@_spi(Generated) public struct WireEnvelope: Sendable, Hashable {
    /// A constant member such as `"result": "ok"`.
    public struct Marker: Sendable, Hashable {
        /// The member's key, such as `result`.
        public var field: String
        /// The member's constant value, such as `ok`.
        public var value: String

        /// A constant member `field` with `value`.
        public init(field: String, value: String) {
            self.field = field
            self.value = value
        }
    }

    /// The key a success body's payload sits under; `nil` when the body is the payload.
    public var dataField: String?
    /// A constant member of every success body.
    public var successMarker: Marker?
    /// The key of the object holding an error's code and message; `nil` when they sit at the top level.
    public var errorContainer: String?
    /// The key of an error's code.
    public var codeField: String
    /// The key of an error's message.
    public var messageField: String
    /// A constant member of every error body; a body carrying it is an error even with status 200.
    public var errorMarker: Marker?
    /// The response headers a failure keeps (such as `Retry-After`, `X-RateLimit-Remaining`),
    /// lowercased.
    public var errorHeaders: [String]

    /// An envelope, as the spec's `envelope` describes it; the defaults describe a bare body.
    public init(
        dataField: String? = nil, successMarker: Marker? = nil, errorContainer: String? = nil,
        codeField: String = "code",
        messageField: String = "message", errorMarker: Marker? = nil, errorHeaders: [String] = []
    ) {
        self.dataField = dataField
        self.successMarker = successMarker
        self.errorContainer = errorContainer
        self.codeField = codeField
        self.messageField = messageField
        self.errorMarker = errorMarker
        self.errorHeaders = errorHeaders.map { $0.lowercased() }
    }
}
