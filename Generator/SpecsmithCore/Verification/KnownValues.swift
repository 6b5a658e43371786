/// Values a server or the spec's examples have shown, for the path and header parameters of later
/// requests: a payment's id from the answer that created it, so the call that reads it reaches a
/// payment that exists.
///
/// Each scalar is kept under the value type it travels as (`PaymentID`) and under its wire name
/// (`payment_id`); a later one replaces an earlier one.
public struct KnownValues: Sendable {
    /// Scalars by the declared type they are values of.
    public private(set) var byType: [String: JSONNode] = [:]
    /// Scalars by the wire name of the member that carried them.
    public private(set) var byName: [String: JSONNode] = [:]

    /// No values known yet.
    public init() {}

    /// The known value for a parameter of type `ref` whose wire name is `wireName`, by type first.
    public func value(for ref: TypeRef, wireName: String) -> JSONNode? {
        if case let .named(name) = ref.unwrapped, let value = byType[name] { return value }
        return byName[wireName]
    }

    /// Keeps every scalar of `node`, read as a wire value of `ref` in `spec`.
    public mutating func learn(from node: JSONNode, as ref: TypeRef, in spec: Spec) {
        var visiting: Set<String> = []
        learn(node, ref, spec, &visiting)
    }

    private mutating func learn(_ node: JSONNode, _ ref: TypeRef, _ spec: Spec, _ visiting: inout Set<String>) {
        switch ref.unwrapped {
        case let .array(element):
            for item in node.elements ?? [] { learn(item, element, spec, &visiting) }
        case let .map(value):
            for member in node.members ?? [] { learn(member.value, value, spec, &visiting) }
        case .primitive, .optional:
            return
        case let .named(name):
            guard let type = spec.type(named: name), !visiting.contains(name) else { return }
            visiting.insert(name)
            defer { visiting.remove(name) }
            switch type.kind {
            case let .value(decl):
                if Self.isScalar(node), !decl.sensitive { byType[name] = node }
            case .enumeration:
                if Self.isScalar(node) { byType[name] = node }
            case let .structure(decl):
                for field in decl.fields {
                    guard let member = node[field.wireName] else { continue }
                    if Self.isScalar(member), !field.sensitive, !spec.isSensitive(field.type) {
                        byName[field.wireName] = member
                    }
                    learn(member, field.type, spec, &visiting)
                }
            case let .union(decl):
                for item in decl.cases {
                    guard let payload = item.payload else { continue }
                    if decl.isChosenByShape {
                        learn(node, payload, spec, &visiting)
                    } else if let member = node[item.payloadField] {
                        learn(member, payload, spec, &visiting)
                    }
                }
            }
        }
    }

    private static func isScalar(_ node: JSONNode) -> Bool {
        switch node.value {
        case .string, .number: true
        default: false
        }
    }
}
