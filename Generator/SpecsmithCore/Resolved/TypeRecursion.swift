/// Where a type contains itself: a payment whose last error embeds the payment, a comment that
/// answers a comment. Swift gives a struct or enum a fixed size, so a value that holds itself
/// inline (not inside a list or a map, which live on the heap) does not compile; the generator
/// stores each field that closes such a loop indirectly, and makes a union that holds itself
/// through union payloads alone `indirect`.
public struct TypeRecursion: Sendable {
    /// The fields, by struct name, stored indirectly: each names a type the struct is reachable
    /// from again without passing through a list or a map.
    public let indirectFields: [String: Set<String>]
    /// Unions that reach themselves through union payloads alone.
    public let indirectUnions: Set<String>
    /// Types that refer to themselves in any way, lists and maps included: the mock's schema of
    /// such a type reads its own schema only when it checks a value.
    public let selfReferencingTypes: Set<String>
    /// Types every value of which holds another of the same type through required members, so no
    /// finite value exists; lint refuses them.
    public let endlessTypes: Set<String>

    public init(_ spec: Spec) {
        let inline = Self.inlineEdges(spec, requiredOnly: false)
        var fields: [String: Set<String>] = [:]
        for type in spec.types {
            guard case let .structure(decl) = type.kind else { continue }
            for field in decl.fields {
                guard let target = Self.inlineTarget(field.type, in: spec),
                    Self.reaches(from: target, to: type.name, inline)
                else { continue }
                fields[type.name, default: []].insert(field.name)
            }
        }
        indirectFields = fields
        // With those fields boxed, a loop left is one of unions only.
        var unionEdges: [String: [String]] = [:]
        for type in spec.types {
            guard case .union = type.kind else { continue }
            unionEdges[type.name] = (inline[type.name] ?? []).filter {
                if case .union? = spec.type(named: $0)?.kind { true } else { false }
            }
        }
        indirectUnions = Set(
            unionEdges.keys.filter { name in Self.reaches(from: name, to: name, unionEdges, strict: true) })
        var anyEdges: [String: [String]] = [:]
        for type in spec.types { anyEdges[type.name] = Array(ResolvedSpec.memberTypes(of: type)) }
        selfReferencingTypes = Set(
            spec.types.map(\.name).filter { Self.reaches(from: $0, to: $0, anyEdges, strict: true) })
        let required = Self.inlineEdges(spec, requiredOnly: true)
        endlessTypes = Set(
            spec.types.map(\.name).filter { name in
                guard case .structure? = spec.type(named: name)?.kind else { return false }
                return Self.reaches(from: name, to: name, required, strict: true)
            })
    }

    /// Whether `field` of struct `type` is stored indirectly.
    public func isIndirect(_ field: String, of type: String) -> Bool {
        indirectFields[type]?.contains(field) ?? false
    }

    /// The declared type a member holds inline: a named struct or union, optional or not.
    private static func inlineTarget(_ ref: TypeRef, in spec: Spec) -> String? {
        guard case let .named(name) = ref.unwrapped else { return nil }
        let declared =
            spec.otps.flatMap { otps in otps.variants.contains { $0.name == name } ? otps.info : nil } ?? name
        switch spec.type(named: declared)?.kind {
        case .structure?, .union?: return declared
        default: return nil
        }
    }

    /// Each struct's and union's inline members' types; with `requiredOnly`, a struct's required
    /// members alone (a union's value is always one of its payloads, so a union with every case
    /// looping holds itself; one case without a loop is a way out, so unions count only there).
    private static func inlineEdges(_ spec: Spec, requiredOnly: Bool) -> [String: [String]] {
        var edges: [String: [String]] = [:]
        for type in spec.types {
            switch type.kind {
            case let .structure(decl):
                edges[type.name] = decl.fields.compactMap { field in
                    guard !requiredOnly || !field.type.isOptional && !field.nullable && field.defaultValue == nil
                    else { return nil }
                    return inlineTarget(field.type, in: spec)
                }
            case let .union(decl) where !requiredOnly:
                edges[type.name] = decl.cases.compactMap { $0.payload.flatMap { inlineTarget($0, in: spec) } }
            default:
                break
            }
        }
        return edges
    }

    /// Whether `goal` is reachable from `start` along `edges`; `start == goal` counts unless
    /// `strict`, which asks for a path of at least one edge.
    private static func reaches(from start: String, to goal: String, _ edges: [String: [String]], strict: Bool = false)
        -> Bool
    {
        if !strict, start == goal { return true }
        var seen: Set<String> = []
        var pending = edges[start] ?? []
        while let next = pending.popLast() {
            if next == goal { return true }
            guard seen.insert(next).inserted else { continue }
            pending += edges[next] ?? []
        }
        return false
    }
}
