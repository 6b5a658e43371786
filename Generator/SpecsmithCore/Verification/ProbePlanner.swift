/// Works out the requests `specsmith verify` sends to each operation: one per example with a
/// request body, else one of drawn values; path, query and header parameters drawn by
/// ``SampleValues``.
///
/// A path or header parameter takes a value an earlier answer or an example showed (``KnownValues``),
/// else a drawn one: an operation on a resource that does not exist still has a conforming answer,
/// its declared "not found".
public struct ProbePlanner: Sendable {
    /// What is sent to one operation, or why nothing can be.
    public enum Plan: Sendable {
        /// The requests, in order; each carries no credentials yet.
        case requests([ProbeRequest])
        /// Why the operation cannot be tried: a value the spec's rules leave no way to draw.
        case skipped(String)
    }

    public let resolved: ResolvedSpec
    private let samples: SampleValues

    /// A planner for the operations of `resolved`.
    public init(_ resolved: ResolvedSpec) {
        self.resolved = resolved
        samples = SampleValues(spec: resolved.spec)
    }

    /// The values the spec's examples show, request and response: what parameters fall back on
    /// before a server has answered.
    public func exampleValues() -> KnownValues {
        var known = KnownValues()
        for endpoint in resolved.spec.endpoints {
            for example in endpoint.examples {
                if let body = example.request, let ref = endpoint.request {
                    known.learn(from: body, as: ref, in: resolved.spec)
                }
                if let body = example.response, let ref = endpoint.response {
                    known.learn(from: body, as: ref, in: resolved.spec)
                }
            }
        }
        return known
    }

    /// The requests for `operation`, its parameters taken from `known` where it has them.
    public func plan(for operation: ResolvedEndpoint, known: KnownValues = KnownValues()) -> Plan {
        let endpoint = operation.endpoint
        var path = endpoint.path
        var shownPath = endpoint.path
        var origin = "drawn values"
        var query: [ProbeRequest.Item] = []
        var headers: [ProbeRequest.Item] = []
        for parameter in endpoint.parameters {
            // An optional query or header parameter is left out, as a client leaves it out by default.
            if parameter.location != .path, parameter.type.isOptional { continue }
            let shown =
                parameter.location == .query ? nil : known.value(for: parameter.type, wireName: parameter.wireName)
            if shown != nil { origin = "known values" }
            guard let value = shown ?? samples.present(parameter.type) else {
                return .skipped(
                    "no value of \(parameter.type) can be drawn for the parameter \"\(parameter.wireName)\"")
            }
            let isSecret = resolved.spec.isSensitive(parameter.type)
            switch parameter.location {
            case .path:
                let text = ProbeRequest.encode(Self.text(of: value))
                path = path.replacingOccurrences(of: "{\(parameter.wireName)}", with: text)
                shownPath = shownPath.replacingOccurrences(
                    of: "{\(parameter.wireName)}", with: isSecret ? ProbeRequest.redacted : text)
            case .query:
                // A list drawn empty sends nothing, which a client sends for an empty list too.
                for item in value.elements ?? [value] {
                    query.append(.init(name: parameter.wireName, value: Self.text(of: item), isSecret: isSecret))
                }
            case .header:
                headers.append(.init(name: parameter.wireName, value: Self.text(of: value), isSecret: isSecret))
            }
        }
        var base = ProbeRequest(
            endpoint: endpoint, origin: origin, path: path, shownPath: shownPath, query: query,
            headers: headers, body: nil, sensitivePaths: operation.sensitiveRequestPaths)
        base.fileFields = operation.fileFields
        guard let request = endpoint.request else {
            return .requests([base])
        }
        let examples = endpoint.examples.compactMap { example in
            example.request.map { body in
                var probe = base
                probe.origin = "example \"\(example.name)\""
                probe.body = body
                return probe
            }
        }
        if !examples.isEmpty { return .requests(examples) }
        var probe = base
        if let drawn = samples.present(request) {
            probe.body = drawn
        } else if let drawn = draw(request, known: known) {
            probe.body = drawn
            probe.origin = "known values"
        } else {
            return .skipped("no value of \(request) can be drawn for the request body")
        }
        return .requests([probe])
    }

    /// A value of `ref` where ``SampleValues`` has none: a struct's required members drawn, and a
    /// value no rule lets it draw (a string with a `pattern`) taken from what `known` has seen.
    private func draw(_ ref: TypeRef, known: KnownValues, depth: Int = 0) -> JSONNode? {
        if let value = samples.present(ref) { return value }
        guard depth < 8, case let .named(name) = ref.unwrapped else { return nil }
        if let value = known.byType[name] { return value }
        guard let type = resolved.spec.type(named: name), case let .structure(decl) = type.kind else { return nil }
        var members: [JSONNode.Member] = []
        for field in decl.fields where !field.type.isOptional && field.defaultValue == nil {
            let value =
                field.nullable
                ? JSONNode(.null, at: type.location) : draw(field.type, known: known, depth: depth + 1)
            guard let value else { return nil }
            members.append(JSONNode.Member(key: field.wireName, keyLocation: type.location, value: value))
        }
        return JSONNode(.object(members), at: type.location)
    }

    /// A scalar as a path segment, query item or header carries it; anything else as compact JSON.
    static func text(of node: JSONNode) -> String {
        switch node.value {
        case let .string(text), let .number(text): text
        case let .bool(flag): flag ? "true" : "false"
        case .null: "null"
        case .object, .array: JSONText.compact(node)
        }
    }
}
