import SpecsmithRuntime

/// A type the spec declares. Dotted names (`Card.BankInformation`) nest inside their parent.
public struct TypeDecl: Sendable {
    public enum Kind: Sendable {
        case structure(StructDecl)
        case enumeration(EnumDecl)
        case union(UnionDecl)
        case value(ValueDecl)
    }

    public var name: String
    public var doc: String
    public var kind: Kind
    public var location: SourcePosition

    /// The last component of the dotted name: what Swift declares.
    public var localName: String { String(name.split(separator: ".").last ?? Substring(name)) }

    /// The enclosing type's name, if this type is nested.
    public var parentName: String? {
        guard let dot = name.lastIndex(of: ".") else { return nil }
        return String(name[..<dot])
    }

    public var kindName: String {
        switch kind {
        case .structure: "struct"
        case .enumeration: "enum"
        case .union: "union"
        case .value: "value"
        }
    }
}

/// A field of a struct.
public struct Field: Sendable {
    public var name: String
    public var wireName: String
    public var type: TypeRef
    public var typeLocation: SourcePosition
    public var doc: String
    /// Never printed in clear: redacted in `description`, logs and mock journals.
    public var sensitive: Bool
    /// Read only by the SDK's own code (a credential its client keeps, such as an issued session
    /// token): the property is `package`, so app code cannot read it. Other modules of the package
    /// (the mock, the tests) still can.
    public var sdkOnly: Bool = false
    /// The deprecation message, if the field is deprecated.
    public var deprecated: String?
    /// The default value, used by the generated initialiser.
    public var defaultValue: JSONNode?
    public var location: SourcePosition
    /// May be `null` on the wire. With a required type the Swift property is optional and always
    /// sent (`null` for `nil`); with an optional type it is a runtime `Nullable`: absent, `null` or
    /// a value, so a PATCH can clear it.
    public var nullable: Bool = false
    /// Where the spec says `nullable`, for lint to point at.
    public var nullableLocation: SourcePosition? = nil
    /// The kind of data the field carries, as the SDK's privacy manifest declares it; `nil` when
    /// the field carries nothing a manifest lists.
    public var collects: CollectedData? = nil

    /// Optional and nullable: absent, `null` or a value.
    public var isThreeState: Bool { nullable && type.isOptional }
    /// Nullable but required: present, as `null` or a value.
    public var isRequiredNullable: Bool { nullable && !type.isOptional }
}

public struct StructDecl: Sendable {
    public var fields: [Field]
    /// The spec says no other member may come with it (`"closed": true`); otherwise a type that
    /// only answers carry is open, as the client reads it.
    public var isClosed = false
}

/// An enum; open by default, so an unknown wire value decodes to `.unknown(raw)`.
public struct EnumDecl: Sendable {
    public struct Case: Sendable {
        public var name: String
        public var wireValue: String
        public var doc: String
        public var location: SourcePosition
    }

    public var cases: [Case]
    public var isOpen: Bool
}

/// A union: with a `discriminator`, that wire field selects a case whose payload sits under `field`;
/// without one, the payload is the whole value and its shape selects the case (see ``UnionShapes``).
public struct UnionDecl: Sendable {
    public struct Case: Sendable {
        public var name: String
        public var wireValue: String
        public var payload: TypeRef?
        public var payloadLocation: SourcePosition
        /// The wire key that holds the payload.
        public var field: String?
        public var doc: String
        public var location: SourcePosition

        /// The wire key the payload travels under: `field`, or the case's name.
        public var payloadField: String { field ?? name }
    }

    /// The wire key that names the case; `nil` for a union chosen by shape.
    public var discriminator: String?
    public var cases: [Case]

    /// Whether the case is chosen by the value's shape rather than named by a discriminator.
    public var isChosenByShape: Bool { discriminator == nil }
}

/// A validated newtype over a primitive, such as `GSMNO` or `CurrencyCode`.
public struct ValueDecl: Sendable {
    public var base: TypeRef.Primitive
    public var baseLocation: SourcePosition
    public var rules: [Rule]
    public var constants: [Constant]
    public var sensitive: Bool
    /// The unlabelled initialiser returns `nil` for a value that breaks a rule, instead of throwing.
    public var failable: Bool = false

    /// One validation rule and where it is written.
    public struct Rule: Sendable {
        /// The runtime's own rule, which the generated type's `rules` lists as it is.
        public var kind: ValueRule
        public var location: SourcePosition

        /// The spec key the rule is written under.
        public var keyName: String {
            switch kind {
            case .pattern: "pattern"
            case .minLength: "minLength"
            case .maxLength: "maxLength"
            case .minimum: "minimum"
            case .maximum: "maximum"
            case .luhn: "luhn"
            case .allowed: "allowed"
            case .scale: "scale"
            // A spec cannot write one: an SDK adds it in hand-written code.
            case .sdk: "sdk"
            }
        }
    }

    /// A named value, such as `CurrencyCode.TRY`.
    public struct Constant: Sendable {
        public var name: String
        public var value: JSONNode
        public var doc: String
        public var location: SourcePosition
    }
}
