/// Turns a parsed JSON document into a ``Spec``, reporting every structural problem (unknown keys,
/// wrong kinds, missing keys) instead of stopping at the first.
///
/// Semantic checks — references, names, collisions — belong to ``SpecValidator``.
public struct SpecReader {
    var diagnostics = Diagnostics()
    /// The keys each object read may have, by the object's position: what the reader knows, which
    /// a test holds against the JSON Schema.
    public internal(set) var keysRead: [SourcePosition: Set<String>] = [:]
    /// The service's policy for fields without a `wire` name; read with the service, before the types.
    var wireNaming = WireNaming.camelCase

    public init() {}

    /// Parses and reads `text`; a syntax error becomes a diagnostic at its position.
    public static func read(text: String) -> (spec: Spec?, diagnostics: Diagnostics) {
        let root: JSONNode
        do {
            root = try JSONParser.parse(text)
        } catch {
            var diagnostics = Diagnostics()
            diagnostics.error("malformed JSON: \(error.message)", at: error.location)
            return (nil, diagnostics)
        }
        var reader = SpecReader()
        let spec = reader.readSpec(root)
        return (spec, reader.diagnostics)
    }

    /// The keys the reader knows for each object of `text`, by the object's position; empty when
    /// the text is not JSON.
    public static func keysKnown(in text: String) -> [SourcePosition: Set<String>] {
        guard let root = try? JSONParser.parse(text) else { return [:] }
        var reader = SpecReader()
        _ = reader.readSpec(root)
        return reader.keysRead
    }

    mutating func readSpec(_ root: JSONNode) -> Spec? {
        guard var object = ObjectReader(root, what: "the spec", diagnostics: &diagnostics) else { return nil }
        object.acceptsSchemaReference = true
        var version = 1
        if let (number, location) = object.int("specsmith", diagnostics: &diagnostics) {
            if number != 1 {
                diagnostics.error(
                    "unsupported spec format version \(number)", at: location, note: "this generator reads version 1")
            }
            version = number
        } else if object.members.first(where: { $0.key == "specsmith" }) == nil {
            diagnostics.error(
                "the spec is missing the required key \"specsmith\"", at: root.location,
                note: "add \"specsmith\": 1 to name the format version")
        }
        let service = object.object("service", diagnostics: &diagnostics).flatMap { readService($0) }
        if object.members.first(where: { $0.key == "service" }) == nil {
            diagnostics.error("the spec is missing the required key \"service\"", at: root.location)
        }
        let types = object.object("types", diagnostics: &diagnostics).map { readTypes($0) } ?? []
        var endpoints = object.object("endpoints", diagnostics: &diagnostics).map { readEndpoints($0) } ?? []
        if let shared = service?.responseHeaders, !shared.isEmpty {
            endpoints = endpoints.map { Self.carrying(shared, $0) }
        }
        let otps = object.object("otps", diagnostics: &diagnostics).flatMap { readOTPs($0) }
        let errors = object.object("errors", diagnostics: &diagnostics).map { readErrors($0) } ?? []
        object.finish(diagnostics: &diagnostics, keys: &keysRead)
        guard let service else { return nil }
        var declared = Set(["types", "endpoints", "errors"].flatMap { root[$0]?.members?.map(\.key) ?? [] })
        declared.formUnion(root["otps"]?["variants"]?.members?.map(\.key) ?? [])
        declared.formUnion(root["service"]?["auth"]?.members?.map(\.key) ?? [])
        let read =
            types.map(\.name) + endpoints.map(\.name) + errors.map(\.name) + (otps?.variants.map(\.name) ?? [])
            + service.authSchemes.map(\.name)
        return Spec(
            formatVersion: version, service: service, types: types, endpoints: endpoints, otps: otps, errors: errors,
            unreadNames: declared.subtracting(read))
    }

    /// `endpoint` with the service's response headers after its own; one of its own of the same
    /// Swift or wire name takes the place of the service's.
    static func carrying(_ shared: [Parameter], _ endpoint: Endpoint) -> Endpoint {
        var endpoint = endpoint
        endpoint.sharesServiceHeaders = endpoint.responseHeaders.isEmpty
        let own = endpoint.responseHeaders
        endpoint.responseHeaders += shared.filter { header in
            !own.contains { $0.name == header.name || $0.wireName.lowercased() == header.wireName.lowercased() }
        }
        return endpoint
    }

    // MARK: - Shared pieces

    /// Reads a type reference written as a string, reporting malformed ones.
    mutating func typeRef(_ node: JSONNode, key: String) -> TypeRef? {
        guard let text = node.string else {
            diagnostics.error("\"\(key)\" must be a type name string, not \(node.kindName)", at: node.location)
            return nil
        }
        guard let ref = TypeRef(parsing: text) else {
            diagnostics.error(
                "malformed type reference \"\(text)\"", at: node.location,
                note: "write a name (Card), an array ([Card]), a map ([string: Card]) or an optional (Card?)")
            return nil
        }
        return ref
    }

    /// Each member of an object in order, reporting a key written twice (a duplicate name).
    mutating func namedObjects(_ node: JSONNode, what: String) -> [(String, SourcePosition, JSONNode)] {
        guard let members = node.members else { return [] }
        var seen: [String: SourcePosition] = [:]
        return members.compactMap { member in
            if let first = seen[member.key] {
                diagnostics.error(
                    "duplicate key \"\(member.key)\" in \(what)", at: member.keyLocation,
                    note: "first written at \(first); keep one")
                return nil
            }
            seen[member.key] = member.keyLocation
            return (member.key, member.keyLocation, member.value)
        }
    }
}
