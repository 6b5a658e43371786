import Foundation
@_spi(Generated) import SpecsmithRuntime

/// The shape of a request body as the spec describes it, generated for every type a request carries,
/// so a mock can list every problem of a bad request instead of the first one a decoder meets.
@_spi(Generated) public indirect enum WireSchema: Sendable {
    /// A JSON primitive; `date`, `url`, `uuid` and `bytes` are strings in ISO-8601, URL, UUID and base64 form.
    case string, integer, number, boolean, date, url, uuid, bytes
    /// A whole JSON number that is not negative (`uint64`).
    case unsignedInteger
    /// A date as a JSON number of seconds or milliseconds since 1970 (`unixSeconds`, `unixMilliseconds`).
    case unixTime
    /// A date as an RFC 9110 HTTP-date string (`httpDate`).
    case httpDate
    /// Any JSON value, `null` included (`json`).
    case any
    /// A file of a `multipart/form-data` body (`file`): a part with a file name, read back as an
    /// object of its base64 `data`, `fileName` and `contentType`.
    case file
    /// A spec `value` type: its primitive, its rules, and whether its values may be repeated in messages.
    case value(WireSchema, rules: [ValueRule], sensitive: Bool)
    /// A closed enum: one of these wire values.
    case oneOf([String])
    /// A JSON array whose every element has the schema.
    case array(WireSchema)
    /// A JSON object with any keys, whose every value has the schema.
    case map(WireSchema)
    /// A JSON object with these members; other members are allowed.
    case object([WireField])
    /// A tagged union: the discriminator's value picks the case; a case may carry a payload under a key.
    case union(discriminator: String, cases: [WireUnionCase])
    /// A union chosen by shape: the case whose shape the value has (see `WireShape`) must take it.
    case shapes([WireShapeCase])
    /// A type's schema read when a value is checked, not when the schema is made: how a type that
    /// contains itself (a comment with replies) refers to its own schema.
    case deferred(@Sendable () -> WireSchema)
}

extension WireSchema {
    /// A tagged union with its cases as separate arguments, so generated code lists one per line.
    public static func union(discriminator: String, _ cases: WireUnionCase...) -> WireSchema {
        .union(discriminator: discriminator, cases: cases)
    }

    /// A union chosen by shape with its cases as separate arguments, one per line.
    public static func shapes(_ cases: WireShapeCase...) -> WireSchema {
        .shapes(cases)
    }

    /// The schema of a generated `value` type: its primitive, rules and sensitivity.
    public static func value<Value: RuleCheckedValue>(_ type: Value.Type) -> WireSchema {
        let base: WireSchema =
            switch Value.RawValue.self {
            case is String.Type: .string
            case is Int.Type: .integer
            default: .number
            }
        return .value(base, rules: Value.rules, sensitive: Value.isSensitive)
    }
}

/// A member of an object schema.
@_spi(Generated) public struct WireField: Sendable {
    /// The member's wire name.
    public var name: String
    /// The member's shape.
    public var schema: WireSchema
    /// Whether the member must be present.
    public var isRequired: Bool
    /// Whether the member may be `null`.
    public var isNullable: Bool

    /// A member; see also ``required(_:_:)``, ``optional(_:_:)`` and ``defaulted(_:_:)``.
    public init(name: String, schema: WireSchema, isRequired: Bool, isNullable: Bool) {
        self.name = name
        self.schema = schema
        self.isRequired = isRequired
        self.isNullable = isNullable
    }

    /// A member that must be present and not null.
    public static func required(_ name: String, _ schema: WireSchema) -> WireField {
        WireField(name: name, schema: schema, isRequired: true, isNullable: false)
    }

    /// A member that may be absent (an optional field). Generated clients leave an unset field out
    /// rather than send `null`, and the OpenAPI export says so; the mock holds every client to it.
    public static func optional(_ name: String, _ schema: WireSchema) -> WireField {
        WireField(name: name, schema: schema, isRequired: false, isNullable: false)
    }

    /// A member that may be `null` (a nullable field): present unless `isRequired` is false too.
    public static func nullable(_ name: String, _ schema: WireSchema, isRequired: Bool) -> WireField {
        WireField(name: name, schema: schema, isRequired: isRequired, isNullable: true)
    }

    /// A member that may be absent (the spec gives a default) but not null.
    public static func defaulted(_ name: String, _ schema: WireSchema) -> WireField {
        WireField(name: name, schema: schema, isRequired: false, isNullable: false)
    }
}

/// One case of a union schema.
@_spi(Generated) public struct WireUnionCase: Sendable {
    /// The discriminator's value that selects this case.
    public var value: String
    /// The key the payload sits under; `nil` without a payload.
    public var payloadField: String?
    /// The payload's shape; `nil` for a case without one.
    public var payload: WireSchema?

    /// A case selected by `value`, with an optional payload under `payloadField`.
    public init(_ value: String, payloadField: String? = nil, payload: WireSchema? = nil) {
        self.value = value
        self.payloadField = payloadField
        self.payload = payload
    }
}

/// One case of a union chosen by shape.
@_spi(Generated) public struct WireShapeCase: Sendable {
    /// The shape that selects this case.
    public var shape: WireShape
    /// The case's payload, which is the whole value.
    public var payload: WireSchema

    /// A case that takes values of `shape`, checked against `payload`.
    public init(_ shape: WireShape, _ payload: WireSchema) {
        self.shape = shape
        self.payload = payload
    }
}

/// A generated type whose wire shape a mock validates requests against.
@_spi(Generated) public protocol WireValidated {
    /// The wire shape of the type, as the spec describes it.
    static var wireSchema: WireSchema { get }
}
