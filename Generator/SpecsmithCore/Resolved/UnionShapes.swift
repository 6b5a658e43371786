/// The JSON kind a value travels as, which is all a union chosen by shape sees of a case at first.
public enum JSONKind: String, Sendable, CaseIterable {
    case string, number, boolean, array, object

    /// The kind with its article, for messages: "a string", "an object".
    public var described: String {
        switch self {
        case .array, .object: "an \(rawValue)"
        default: "a \(rawValue)"
        }
    }
}

/// How a union without a discriminator tells its cases apart: each case's payload travels as its
/// own JSON kind, and among object cases a *marker*, a key that one case always sends and no other
/// case has, picks the case. One object case may go without a marker: an object holding none of
/// the markers is that case. Client decoders, the mock's validation, example lint and the OpenAPI
/// export all choose through this one account.
public struct UnionShapes: Sendable {
    /// A case as the shape sees it.
    public struct Choice: Sendable {
        public var caseName: String
        public var kind: JSONKind
        /// The key that marks this object case; `nil` for other kinds, for the one object case of a
        /// union, and for the object case chosen when no marker is present.
        public var marker: String?
    }

    /// One entry per case with a payload whose kind is known, in the spec's order.
    public var choices: [Choice]
    /// The markers of the object cases, in the spec's order: what a decoder looks for.
    public var markers: [String] { choices.compactMap(\.marker) }

    /// The choice for a JSON value of `kind` holding the keys `keys` (objects only); `nil` when no
    /// case takes it or several markers are present.
    public func choice(for kind: JSONKind, keys: Set<String> = []) -> Choice? {
        let candidates = choices.filter { $0.kind == kind }
        guard kind == .object, candidates.count > 1 else { return candidates.first }
        let present = candidates.filter { $0.marker.map(keys.contains) ?? false }
        if present.count == 1 { return present[0] }
        return present.isEmpty ? candidates.first { $0.marker == nil } : nil
    }
}

extension Spec {
    /// How `decl`'s cases are told apart by shape. Cases lint refuses (no payload, an unknown kind,
    /// no marker) are left out or left unmarked; lint reports them.
    public func shapes(of decl: UnionDecl) -> UnionShapes {
        var choices: [UnionShapes.Choice] = []
        var payloads: [TypeRef] = []
        for item in decl.cases {
            guard let payload = item.payload, let kind = jsonKind(of: payload) else { continue }
            choices.append(.init(caseName: item.name, kind: kind, marker: nil))
            payloads.append(payload)
        }
        let objects = choices.indices.filter { choices[$0].kind == .object }
        guard objects.count > 1 else { return UnionShapes(choices: choices) }
        let keys = objects.map { objectKeys(of: payloads[$0]) }
        for (position, index) in objects.enumerated() {
            let others = keys.indices.filter { $0 != position }.reduce(into: Set<String>()) {
                $0.formUnion(keys[$1]?.all ?? [])
            }
            choices[index].marker = keys[position]?.required.first { !others.contains($0) }
        }
        return UnionShapes(choices: choices)
    }

    /// The JSON kind values of `ref` travel as; `nil` for free-form JSON and optional values, which
    /// travel as any kind, and for a union chosen by shape, which travels as several.
    public func jsonKind(of ref: TypeRef) -> JSONKind? {
        switch ref {
        case .optional: return nil
        case .array: return .array
        case .map: return .object
        case let .primitive(primitive):
            switch primitive {
            case .string, .date, .url, .uuid, .bytes, .httpDate: return .string
            case .int, .int64, .uint64, .decimal, .double, .unixSeconds, .unixMilliseconds: return .number
            case .bool: return .boolean
            case .file: return .object
            case .json: return nil
            }
        case let .named(name):
            // An OTP variant travels as its info.
            if let otps, otps.variants.contains(where: { $0.name == name }) { return jsonKind(of: .named(otps.info)) }
            switch type(named: name)?.kind {
            case .structure?: return .object
            case .enumeration?: return .string
            case let .value(decl)?: return jsonKind(of: .primitive(decl.base))
            case let .union(decl)?: return decl.isChosenByShape ? nil : .object
            case nil: return nil
            }
        }
    }

    /// The wire keys an object of `ref` always sends (in declaration order) and may send; `nil` for
    /// a map, whose keys are anyone's.
    public func objectKeys(of ref: TypeRef) -> (required: [String], all: Set<String>)? {
        guard case let .named(name) = ref else { return nil }
        if let otps, otps.variants.contains(where: { $0.name == name }) { return objectKeys(of: .named(otps.info)) }
        guard let type = type(named: name) else { return nil }
        switch type.kind {
        case let .structure(decl):
            let required = decl.fields.filter { !$0.type.isOptional && $0.defaultValue == nil }.map(\.wireName)
            return (required, Set(decl.fields.map(\.wireName)))
        case let .union(decl):
            guard let discriminator = decl.discriminator else { return nil }
            return ([discriminator], Set([discriminator] + decl.cases.filter { $0.payload != nil }.map(\.payloadField)))
        case .enumeration, .value:
            return nil
        }
    }
}
