/// The wire shape around success and error bodies, as the spec's `envelope` describes it.
public struct WireEnvelope: Sendable, Hashable {
    /// A constant member such as `"result": "ok"`.
    public struct Marker: Sendable, Hashable {
        public var field: String
        public var value: String

        public init(field: String, value: String) {
            self.field = field
            self.value = value
        }
    }

    public var dataField: String?
    public var successMarker: Marker?
    public var errorContainer: String?
    public var codeField: String
    public var messageField: String
    public var errorMarker: Marker?

    public init(
        dataField: String? = nil, successMarker: Marker? = nil, errorContainer: String? = nil,
        codeField: String = "code",
        messageField: String = "message", errorMarker: Marker? = nil
    ) {
        self.dataField = dataField
        self.successMarker = successMarker
        self.errorContainer = errorContainer
        self.codeField = codeField
        self.messageField = messageField
        self.errorMarker = errorMarker
    }
}
