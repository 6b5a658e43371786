import SpecsmithCore
@_spi(Generated) import SpecsmithRuntime

/// What every translator needs to know about the spec beyond the piece it translates.
///
/// One is made per run and shared by the code and the documentation translators. Its spec is
/// resolved, so valid: a translator looks things up and never reports a problem.
public struct TranslationContext: Sendable {
    /// What the spec implies for each endpoint, worked out once for every translator.
    public let resolved: ResolvedSpec
    /// The spec as it was read.
    public var spec: Spec { resolved.spec }
    /// Types that only ever travel inside request bodies (see ``ResolvedSpec/requestOnlyTypes``).
    public var requestOnlyTypes: Set<String> { resolved.requestOnlyTypes }

    /// A context for translating `resolved`.
    public init(_ resolved: ResolvedSpec) {
        self.resolved = resolved
    }

    /// Whether named types are spelled with the namespace even where `qualified` is not asked for:
    /// inside `extension Namespace.Parent`, Swift does not look up the namespace's other types.
    var qualifiesNamedTypes = false

    public var namespace: String { spec.service.name }

    /// The Swift spelling of `ref`; `qualified` prefixes named types with the namespace, as
    /// code outside the SDK module (the mock) needs.
    public func swiftType(_ ref: TypeRef, qualified: Bool = false) -> String {
        switch ref {
        case let .primitive(primitive): Self.swiftName(of: primitive)
        case let .named(name): qualified || qualifiesNamedTypes ? "\(namespace).\(name)" : name
        case let .array(element): "[\(swiftType(element, qualified: qualified))]"
        case let .map(value): "[String: \(swiftType(value, qualified: qualified))]"
        case let .optional(wrapped): swiftType(wrapped, qualified: qualified) + "?"
        }
    }

    public static func swiftName(of primitive: TypeRef.Primitive) -> String {
        switch primitive {
        case .string: "String"
        case .int: "Int"
        case .int64: "Int64"
        case .uint64: "UInt64"
        case .bool: "Bool"
        case .decimal: "Decimal"
        case .double: "Double"
        case .date, .unixSeconds, .unixMilliseconds, .httpDate: "Date"
        case .url: "URL"
        case .uuid: "UUID"
        case .bytes: "Data"
        case .json: Names.jsonValue
        case .file: Names.filePart
        }
    }

    /// The `extension` header a declaration of `type` goes in.
    public func extensionHeader(for type: TypeDecl) -> ContainerHeader {
        .extension(of: namespace + (type.parentName.map { ".\($0)" } ?? ""))
    }

    /// Whether `field` of `type` is where an issuing endpoint's answer carries a session token: the
    /// generated client keeps that token, so the field is `package` and app code never reads it.
    public func isSessionToken(_ field: Field, of type: TypeDecl) -> Bool {
        resolved.endpoints.contains { resolved in
            resolved.issuedSessionField == field.name && resolved.endpoint.response == .named(type.name)
        }
    }

    /// Whether values of `ref` are sensitive by their type (a `value` type marked sensitive).
    public func isSensitive(_ ref: TypeRef) -> Bool { spec.isSensitive(ref) }

    /// A Swift expression for a JSON literal as a value of `ref` (defaults and constants).
    public func literal(_ node: JSONNode, as ref: TypeRef) -> String {
        switch (ref.unwrapped, node.value) {
        case (.primitive(.json), _): return Self.jsonLiteral(node)
        case (_, .null): return "nil"
        case let (.primitive(.decimal), .number(text)): return "Decimal(string: \"\(text)\")!"
        case let (.primitive(.date), .string(text)): return "\(Names.wireCoding).parseDate(\(Self.quoted(text)))!"
        case let (.primitive(.unixSeconds), .number(text)): return "Date(timeIntervalSince1970: \(text))"
        case let (.primitive(.unixMilliseconds), .number(text)): return "Date(timeIntervalSince1970: \(text) / 1000)"
        case let (.primitive(.httpDate), .string(text)):
            return "\(Names.wireTime)<\(Names.httpDate)>(parameterValue: \(Self.quoted(text)))!.date"
        case let (.primitive(.url), .string(text)): return "URL(string: \(Self.quoted(text)))!"
        case let (.primitive(.uuid), .string(text)): return "UUID(uuidString: \(Self.quoted(text)))!"
        case let (.named(name), .string(text)):
            if case .enumeration? = spec.type(named: name)?.kind { return ".\(text)" }
            return "\(swiftType(ref.unwrapped))(unchecked: \(Self.quoted(text)))"
        case let (.named(name), .number(text)):
            if case let .value(decl)? = spec.type(named: name)?.kind, decl.base == .decimal {
                return "\(swiftType(ref.unwrapped))(unchecked: Decimal(string: \"\(text)\")!)"
            }
            return "\(swiftType(ref.unwrapped))(unchecked: \(text))"
        case let (.array(element), .array(items)):
            return "[" + items.map { literal($0, as: element) }.joined(separator: ", ") + "]"
        case let (.map(value), .object(members)):
            if members.isEmpty { return "[:]" }
            return "["
                + members.map { "\(Self.quoted($0.key)): \(literal($0.value, as: value))" }.joined(separator: ", ")
                + "]"
        case let (_, .string(text)): return Self.quoted(text)
        case let (_, .number(text)): return text
        case let (_, .bool(flag)): return flag ? "true" : "false"
        default: return "nil"
        }
    }

    /// A Swift expression for a JSON literal as a free-form JSON value.
    static func jsonLiteral(_ node: JSONNode) -> String {
        switch node.value {
        case .null: return ".null"
        case let .bool(flag): return ".bool(\(flag))"
        case let .number(text): return Int64(text) != nil ? ".integer(\(text))" : ".number(\(text))"
        case let .string(text): return ".string(\(quoted(text)))"
        case let .array(items): return ".array([" + items.map(jsonLiteral).joined(separator: ", ") + "])"
        case let .object(members):
            if members.isEmpty { return ".object([:])" }
            return ".object(["
                + members.map { "\(quoted($0.key)): \(jsonLiteral($0.value))" }.joined(separator: ", ") + "])"
        }
    }

    /// A Swift string literal for `text`.
    public static func quoted(_ text: String) -> String {
        JSONText.quoted(text) { "\\u{\(String($0, radix: 16))}" }
    }

    /// A Swift expression for an error's condition: `.header("X-RateLimit-Remaining", equals: "0")`.
    public static func literal(_ condition: ErrorCondition) -> String {
        switch condition.source {
        case let .header(name): ".header(\(quoted(name)), equals: \(quoted(condition.value)))"
        case let .field(path):
            ".field(\(quoted(path.joined(separator: "."))), equals: \(quoted(condition.value)))"
        }
    }

    /// A Swift literal for an envelope marker's constant: `"ok"` or `false`.
    static func literal(_ value: WireEnvelope.Marker.Value) -> String {
        switch value {
        case let .text(text): quoted(text)
        case let .flag(flag): String(flag)
        }
    }

    /// A Swift literal for an error code: `1049` or `"card_declined"`.
    public static func literal(_ code: ErrorCodeValue) -> String {
        switch code {
        case let .number(number): String(number)
        case let .text(text): quoted(text)
        }
    }
}

/// The one table of generated and runtime names (SpecsmithCore's `GeneratedNames`).
typealias Names = GeneratedNames
