import Foundation
import SpecsmithRuntime

/// The shape of a request body as the spec describes it, generated for every type a request carries,
/// so a mock can list every problem of a bad request instead of the first one a decoder meets.
@_spi(Generated) public indirect enum WireSchema: Sendable {
    case string, integer, number, boolean, date, url, uuid, bytes
    /// A spec `value` type: its primitive, its rules, and whether its values may be repeated in messages.
    case value(WireSchema, rules: [ValueRule], sensitive: Bool)
    /// A closed enum: one of these wire values.
    case oneOf([String])
    case array(WireSchema)
    case map(WireSchema)
    case object([WireField])
    /// A tagged union: the discriminator's value picks the case; a case may carry a payload under a key.
    case union(discriminator: String, cases: [WireUnionCase])
}

extension WireSchema {
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
    public var name: String
    public var schema: WireSchema
    public var isRequired: Bool
    public var isNullable: Bool

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

    /// A member that may be absent or null (an optional field).
    public static func optional(_ name: String, _ schema: WireSchema) -> WireField {
        WireField(name: name, schema: schema, isRequired: false, isNullable: true)
    }

    /// A member that may be absent (the spec gives a default) but not null.
    public static func defaulted(_ name: String, _ schema: WireSchema) -> WireField {
        WireField(name: name, schema: schema, isRequired: false, isNullable: false)
    }
}

/// One case of a union schema.
@_spi(Generated) public struct WireUnionCase: Sendable {
    public var value: String
    public var payloadField: String?
    public var payload: WireSchema?

    public init(_ value: String, payloadField: String? = nil, payload: WireSchema? = nil) {
        self.value = value
        self.payloadField = payloadField
        self.payload = payload
    }
}

/// A generated type whose wire shape a mock validates requests against.
@_spi(Generated) public protocol WireValidated {
    static var wireSchema: WireSchema { get }
}
