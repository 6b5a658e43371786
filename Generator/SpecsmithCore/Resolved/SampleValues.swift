import Foundation

/// Draws the smallest wire value of a spec type that the spec accepts: required members only, the
/// first case of an enum or union, a value type's first constant or allowed value, else the
/// shortest text or nearest number its rules take. What the OpenAPI export's synthesized examples,
/// the mock's own error bodies and `specsmith verify`'s requests are made of, so all three agree
/// on what "a valid value" is.
///
/// A value that cannot be drawn without guessing (a string value type with a `pattern` and no
/// constant or allowed value, a type that can only contain itself) is `nil`, and so is every value
/// that needs it; callers say so rather than send something the spec refuses.
public struct SampleValues: Sendable {
    public let spec: Spec
    private let origin = SourcePosition(line: 0, column: 0)

    public init(spec: Spec) {
        self.spec = spec
    }

    /// The smallest valid wire value of `ref`; `nil` for an optional (absent), or when none can be drawn.
    public func sample(of ref: TypeRef) -> JSONNode? {
        var visiting: Set<String> = []
        return sample(of: ref, visiting: &visiting)
    }

    /// The value of a required member of `ref`: like ``sample(of:)``, with an optional drawn as its wrapped type.
    public func present(_ ref: TypeRef) -> JSONNode? {
        sample(of: ref.unwrapped)
    }

    private func sample(of ref: TypeRef, visiting: inout Set<String>) -> JSONNode? {
        switch ref {
        case .optional: return nil
        case .array: return node(.array([]))
        case .map: return node(.object([]))
        case .primitive(.file):
            return node(.object([member("fileName", node(.string("example.txt"))), member("data", node(.string("")))]))
        case let .primitive(primitive): return node(Self.primitiveSample(primitive))
        case let .named(name):
            guard let type = spec.type(named: name), !visiting.contains(name) else { return nil }
            visiting.insert(name)
            defer { visiting.remove(name) }
            return sample(of: type, visiting: &visiting)
        }
    }

    private func sample(of type: TypeDecl, visiting: inout Set<String>) -> JSONNode? {
        switch type.kind {
        case let .structure(decl):
            var members: [JSONNode.Member] = []
            for field in decl.fields where !field.type.isOptional && field.defaultValue == nil {
                if field.nullable {
                    members.append(member(field.wireName, node(.null)))
                    continue
                }
                guard let value = sample(of: field.type, visiting: &visiting) else { return nil }
                members.append(member(field.wireName, value))
            }
            return node(.object(members))
        case let .enumeration(decl):
            return decl.cases.first.map { node(.string($0.wireValue)) }
        case let .union(decl):
            for item in decl.cases {
                guard let discriminator = decl.discriminator else {
                    if let payload = item.payload, let value = sample(of: payload, visiting: &visiting) {
                        return value
                    }
                    continue
                }
                var members = [member(discriminator, node(.string(item.wireValue)))]
                if let payload = item.payload {
                    guard let value = sample(of: payload, visiting: &visiting) else { continue }
                    members.append(member(item.payloadField, value))
                }
                return node(.object(members))
            }
            return nil
        case let .value(decl):
            return valueSample(decl)
        }
    }

    private func valueSample(_ decl: ValueDecl) -> JSONNode? {
        if let constant = decl.constants.first { return constant.value }
        let rules = decl.rules.map(\.kind)
        for case let .allowed(values) in rules {
            guard let first = values.first else { return nil }
            return decl.base == .string ? node(.string(first)) : node(.number(first))
        }
        switch decl.base {
        case .string:
            if rules.contains(where: { if case .pattern = $0 { true } else { false } }) { return nil }
            var length = 1
            for case let .minLength(minimum) in rules { length = max(length, minimum) }
            for case let .maxLength(maximum) in rules { length = min(length, maximum) }
            // Zeros pass the Luhn check: their sum is 0.
            let isLuhn = rules.contains { if case .luhn = $0 { true } else { false } }
            return node(.string(String(repeating: isLuhn ? "0" : "a", count: length)))
        case .int, .int64, .uint64, .decimal, .double:
            var number = Decimal(0)
            for case let .minimum(minimum) in rules { number = max(number, minimum) }
            for case let .maximum(maximum) in rules { number = min(number, maximum) }
            if [.int, .int64, .uint64].contains(decl.base) {
                var rounded = number
                var exact = number
                NSDecimalRound(&rounded, &exact, 0, .up)
                number = rounded
            }
            return node(.number("\(number)"))
        default:
            return node(Self.primitiveSample(decl.base))
        }
    }

    /// A fixed valid value of each primitive.
    static func primitiveSample(_ primitive: TypeRef.Primitive) -> JSONNode.Value {
        switch primitive {
        case .string: .string("example")
        case .int, .int64, .uint64, .decimal, .double: .number("0")
        case .bool: .bool(false)
        case .date: .string("2026-01-01T00:00:00Z")
        case .unixSeconds: .number("1767225600")
        case .unixMilliseconds: .number("1767225600000")
        case .httpDate: .string("Thu, 01 Jan 2026 00:00:00 GMT")
        case .url: .string("https://example.com/")
        case .uuid: .string("00000000-0000-4000-8000-000000000000")
        case .bytes: .string("")
        case .json: .object([])
        case .file: .object([])
        }
    }

    private func node(_ value: JSONNode.Value) -> JSONNode {
        JSONNode(value, at: origin)
    }

    private func member(_ key: String, _ value: JSONNode) -> JSONNode.Member {
        JSONNode.Member(key: key, keyLocation: origin, value: value)
    }
}
