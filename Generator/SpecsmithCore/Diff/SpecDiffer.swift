/// Compares two specs element by element, matching each element by its wire identity first
/// (an endpoint by method and path, a field by wire name, an enum case by wire value, an error by
/// code) and by its Swift name second, so a Swift rename that keeps the wire is told apart from a
/// wire change that keeps the Swift name.
struct SpecDiffer {
    let old: Spec
    let new: Spec
    /// Old type names the new spec declares under another name with the same wire shape.
    let renamedTypes: [String: String]
    let oldUsage: [String: Usage]
    let newUsage: [String: Usage]
    /// Modules of the package and the modules each re-exports.
    let reexports: [String: Set<String>]

    /// Which way a type travels: in requests the client sends, in responses it decodes, or both.
    struct Usage: OptionSet, Hashable {
        let rawValue: Int
        static let request = Usage(rawValue: 1)
        static let response = Usage(rawValue: 2)
    }

    init(old: Spec, new: Spec, reexports: [String: Set<String>] = [:]) {
        self.old = old
        self.new = new
        self.reexports = reexports
        oldUsage = Self.usage(in: old)
        newUsage = Self.usage(in: new)
        renamedTypes = Self.renames(old: old, new: new)
    }

    func changes() -> [SpecChange] {
        serviceChanges() + endpointChanges() + typeChanges() + errorChanges() + otpChanges()
    }

    // MARK: - Directions

    /// How `name` travels in either spec: a change to it matters in every direction it travels in.
    func usage(of name: String) -> Usage {
        let newName = renamedTypes[name] ?? name
        return (oldUsage[name] ?? []).union(newUsage[newName] ?? [])
    }

    static func usage(in spec: Spec) -> [String: Usage] {
        let requestRoots = spec.endpoints.compactMap(\.request) + spec.endpoints.flatMap { $0.parameters.map(\.type) }
        var responseRoots =
            spec.endpoints.compactMap(\.response) + spec.endpoints.flatMap { $0.responseHeaders.map(\.type) }
        if let otps = spec.otps { responseRoots.append(.named(otps.info)) }
        if let body = spec.service.errorBody { responseRoots.append(.named(body.name)) }
        var usage: [String: Usage] = [:]
        for name in ResolvedSpec.reachable(from: requestRoots, in: spec) { usage[name, default: []].insert(.request) }
        for name in ResolvedSpec.reachable(from: responseRoots, in: spec) { usage[name, default: []].insert(.response) }
        return usage
    }

    /// Wire verdicts for a change to a type that travels as `usage`: `request` says what happens
    /// when the type is sent by clients, `response` when it is decoded by them.
    func wire(_ usage: Usage, request: WireVerdict, response: WireVerdict) -> WireVerdict {
        var result = WireVerdict.compatible
        for (applies, verdict) in [(usage.contains(.request), request), (usage.contains(.response), response)]
        where applies {
            if verdict.oldClients.compatibility > result.oldClients.compatibility {
                result.oldClients = verdict.oldClients
            }
            if verdict.newClients.compatibility > result.newClients.compatibility {
                result.newClients = verdict.newClients
            }
        }
        return result
    }

    // MARK: - Matching

    /// Pairs `olds` with `news` by each key in turn; what is left is removed or added.
    func match<Element>(
        _ olds: [Element], _ news: [Element], by keys: [(Element) -> String?]
    ) -> (pairs: [(old: Element, new: Element)], removed: [Element], added: [Element]) {
        var oldLeft = Array(olds.indices)
        var newLeft = Array(news.indices)
        var pairs: [(old: Int, new: Int)] = []
        for key in keys {
            for oldIndex in oldLeft {
                guard let oldKey = key(olds[oldIndex]),
                    let position = newLeft.firstIndex(where: { key(news[$0]) == oldKey })
                else { continue }
                pairs.append((oldIndex, newLeft[position]))
                newLeft.remove(at: position)
            }
            oldLeft.removeAll { index in pairs.contains { $0.old == index } }
        }
        pairs.sort { $0.new < $1.new }
        return (pairs.map { (olds[$0.old], news[$0.new]) }, oldLeft.map { olds[$0] }, newLeft.map { news[$0] })
    }

    /// `reference` in the new spec's names: an old reference to a type renamed since reads as the new name.
    func renamed(_ reference: TypeRef) -> TypeRef {
        switch reference {
        case .primitive: reference
        case let .named(name): .named(renamedTypes[name] ?? name)
        case let .array(inner): .array(renamed(inner))
        case let .map(inner): .map(renamed(inner))
        case let .optional(inner): .optional(renamed(inner))
        }
    }

    // MARK: - Wire shapes

    /// Types declared under another name with the same kind and wire shape.
    static func renames(old: Spec, new: Spec) -> [String: String] {
        let oldNames = Set(old.types.map(\.name))
        let newNames = Set(new.types.map(\.name))
        let gone = old.types.filter { !newNames.contains($0.name) }
        var fresh = new.types.filter { !oldNames.contains($0.name) }
        var result: [String: String] = [:]
        for type in gone {
            let shape = wireShape(.named(type.name), in: old)
            if let index = fresh.firstIndex(where: {
                $0.kindName == type.kindName && wireShape(.named($0.name), in: new) == shape
            }) {
                result[type.name] = fresh[index].name
                fresh.remove(at: index)
            }
        }
        return result
    }

    /// What a value of `reference` looks like on the wire, as text: equal texts travel alike.
    static func wireShape(_ reference: TypeRef, in spec: Spec, seen: Set<String> = []) -> String {
        switch reference {
        case let .primitive(primitive):
            switch primitive {
            case .int, .int64: return "integer"
            default: return primitive.rawValue
            }
        case let .array(inner): return "[\(wireShape(inner, in: spec, seen: seen))]"
        case let .map(inner): return "{*: \(wireShape(inner, in: spec, seen: seen))}"
        case let .optional(inner): return "\(wireShape(inner, in: spec, seen: seen))?"
        case let .named(name):
            guard !seen.contains(name), let type = spec.type(named: name) else { return "@\(name)" }
            let seen = seen.union([name])
            switch type.kind {
            case let .structure(decl):
                let fields = decl.fields.map { field in
                    "\(field.wireName): \(wireShape(field.type, in: spec, seen: seen))\(field.nullable ? "|null" : "")"
                }
                return "{\(fields.sorted().joined(separator: ", "))}"
            case let .enumeration(decl):
                return "enum(\(decl.cases.map(\.wireValue).sorted().joined(separator: ",")))\(decl.isOpen ? "+" : "")"
            case let .union(decl):
                let cases = decl.cases.map { item in
                    "\(item.wireValue)@\(item.payloadField)=\(item.payload.map { wireShape($0, in: spec, seen: seen) } ?? "-")"
                }
                return "union[\(decl.discriminator ?? "shape")](\(cases.sorted().joined(separator: ", ")))"
            case let .value(decl):
                return wireShape(.primitive(decl.base), in: spec, seen: seen)
            }
        }
    }

    func wireShapesMatch(_ oldReference: TypeRef, _ newReference: TypeRef) -> Bool {
        Self.wireShape(oldReference, in: old) == Self.wireShape(newReference, in: new)
    }
}

/// Verdict shorthands, so each rule below reads as its table row.
extension Verdict {
    static func breaking(_ reason: String) -> Verdict { Verdict(.breaking, reason) }
    static func potentially(_ reason: String) -> Verdict { Verdict(.potentiallyBreaking, reason) }
}

extension WireVerdict {
    /// Both directions break for the same reason.
    static func breaking(_ reason: String) -> WireVerdict {
        WireVerdict(oldClients: .breaking(reason), newClients: .breaking(reason))
    }
}
