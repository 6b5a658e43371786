import SpecsmithCore

/// Dates in unix time or HTTP-date form: `Date` in the API, the runtime's `WireTime` of the format
/// on the wire, converted where a value crosses (coding, parameters, headers).
extension TranslationContext {
    /// The runtime's format type for a date primitive that is not ISO 8601.
    static func wireTimeFormat(_ primitive: TypeRef.Primitive) -> String? {
        switch primitive {
        case .unixSeconds: Names.unixSeconds
        case .unixMilliseconds: Names.unixMilliseconds
        case .httpDate: Names.httpDate
        default: nil
        }
    }

    /// The Swift type values of `ref` travel as: `swiftType(ref)` with each formatted date as the
    /// runtime's wire time of its format.
    func wireSwiftType(_ ref: TypeRef, qualified: Bool = false) -> String {
        switch ref {
        case let .primitive(primitive):
            Self.wireTimeFormat(primitive).map { "\(Names.wireTime)<\($0)>" } ?? swiftType(ref, qualified: qualified)
        case .named: swiftType(ref, qualified: qualified)
        case let .array(element): "[\(wireSwiftType(element, qualified: qualified))]"
        case let .map(value): "[String: \(wireSwiftType(value, qualified: qualified))]"
        case let .optional(wrapped): wireSwiftType(wrapped, qualified: qualified) + "?"
        }
    }

    /// `expression`, a value of `wireSwiftType(ref)`, as a value of `swiftType(ref)`.
    func fromWire(_ ref: TypeRef, _ expression: String) -> String {
        guard ref.formattedDate != nil else { return expression }
        switch ref {
        case .primitive: return "\(expression).date"
        case let .array(inner), let .optional(inner):
            return inner.isLeaf
                ? "\(expression).map(\\.date)" : "\(expression).map { \(fromWire(inner, "$0")) }"
        case let .map(inner):
            return inner.isLeaf
                ? "\(expression).mapValues(\\.date)" : "\(expression).mapValues { \(fromWire(inner, "$0")) }"
        case .named: return expression
        }
    }

    /// `expression`, a value of `swiftType(ref)`, as a value of `wireSwiftType(ref)`.
    func toWire(_ ref: TypeRef, _ expression: String) -> String {
        guard ref.formattedDate != nil else { return expression }
        switch ref {
        case .primitive: return "\(wireSwiftType(ref))(\(expression))"
        case let .array(inner), let .optional(inner):
            return inner.isLeaf
                ? "\(expression).map(\(wireSwiftType(inner)).init)" : "\(expression).map { \(toWire(inner, "$0")) }"
        case let .map(inner):
            return inner.isLeaf
                ? "\(expression).mapValues(\(wireSwiftType(inner)).init)"
                : "\(expression).mapValues { \(toWire(inner, "$0")) }"
        case .named: return expression
        }
    }
}

extension TypeRef {
    /// Whether the reference is a primitive: a conversion of it needs no closure.
    fileprivate var isLeaf: Bool {
        if case .primitive = self { true } else { false }
    }
}
