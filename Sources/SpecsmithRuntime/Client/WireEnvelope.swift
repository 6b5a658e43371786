/// The wire shape around success and error bodies, as the spec's `envelope` describes it.
@_spi(Generated) public struct WireEnvelope: Sendable, Hashable {
    /// A constant member such as `"result": "ok"` or Slack's `"ok": false`.
    public struct Marker: Sendable, Hashable {
        /// A marker's constant: a string, or a JSON `true` or `false`.
        public enum Value: Sendable, Hashable, ExpressibleByStringLiteral, ExpressibleByBooleanLiteral,
            CustomStringConvertible, Encodable
        {
            /// A string, such as `ok`.
            case text(String)
            /// `true` or `false`.
            case flag(Bool)

            public init(stringLiteral value: String) { self = .text(value) }

            public init(booleanLiteral value: Bool) { self = .flag(value) }

            /// The constant as JSON writes it: `"ok"`, `false`.
            public var description: String {
                switch self {
                case let .text(text): "\"\(text)\""
                case let .flag(flag): String(flag)
                }
            }

            public func encode(to encoder: any Encoder) throws {
                var container = encoder.singleValueContainer()
                switch self {
                case let .text(text): try container.encode(text)
                case let .flag(flag): try container.encode(flag)
                }
            }

            /// Whether the member `key` of `container` holds this constant.
            package func isHeld<Key: CodingKey>(by container: KeyedDecodingContainer<Key>, at key: Key) -> Bool {
                switch self {
                case let .text(text): (try? container.decode(String.self, forKey: key)) == text
                case let .flag(flag): (try? container.decode(Bool.self, forKey: key)) == flag
                }
            }

            /// Writes the constant.
            package func write(to json: inout WireJSONWriter) {
                switch self {
                case let .text(text): json.string(text)
                case let .flag(flag): json.literal(String(flag))
                }
            }
        }

        /// The member's key, such as `result`.
        public var field: String
        /// The member's constant value, such as `"ok"` or `false`.
        public var value: Value

        /// A constant member `field` with `value`.
        public init(field: String, value: Value) {
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
