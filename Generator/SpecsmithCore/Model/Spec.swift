/// A whole spec file after reading: one service, its types, endpoints, OTP variants and error codes.
///
/// Every element keeps the ``SourcePosition`` it was read from, so later stages can point back into the file.
public struct Spec: Sendable {
    public var formatVersion: Int
    public var service: Service
    public var types: [TypeDecl]
    public var endpoints: [Endpoint]
    public var otps: OTPSection?
    public var errors: [ErrorCode]
    /// Names the spec declares (types, endpoints, errors, OTP variants, auth schemes) whose declarations could not
    /// be read. Their problems are reported where they stand; a reference to one is not "unknown"
    /// as well, so one missing key gives one diagnostic, not one per use.
    public var unreadNames: Set<String>

    public init(
        formatVersion: Int, service: Service, types: [TypeDecl], endpoints: [Endpoint], otps: OTPSection?,
        errors: [ErrorCode], unreadNames: Set<String> = []
    ) {
        self.unreadNames = unreadNames
        self.formatVersion = formatVersion
        self.service = service
        self.types = types
        self.endpoints = endpoints
        self.otps = otps
        self.errors = errors
    }

    /// The type declared under `name` (dotted for nested types, such as `Card.ID`).
    public func type(named name: String) -> TypeDecl? {
        types.first { $0.name == name }
    }

    public func endpoint(named name: String) -> Endpoint? {
        endpoints.first { $0.name == name }
    }
}
