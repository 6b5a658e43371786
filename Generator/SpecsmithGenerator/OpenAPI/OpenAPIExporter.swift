import SpecsmithCore

/// Exports a spec as an OpenAPI 3.1 document, so validators, Swagger UI and fuzzers can read our APIs.
///
/// Bodies are described with the service's envelope around them, exactly as they travel.
public struct OpenAPIExporter: Sendable {
    let spec: Spec
    let resolved: ResolvedSpec

    public init(spec: Spec) {
        self.spec = spec
        resolved = ResolvedSpec(spec)
    }

    /// The document as pretty-printed JSON text.
    public func document() -> String {
        JSONText.pretty(documentNode())
    }

    func documentNode() -> JSONNode {
        let service = spec.service
        let production = service.environments.first { $0.name == "production" } ?? service.environments.first
        let servers = (production?.urls ?? []).map { entry in
            object([("url", string(entry.url)), ("description", string("\(production!.name): host \(entry.host)"))])
        }
        var components: [(String, JSONNode)] = [("schemas", object(schemas()))]
        let securitySchemes = service.authSchemes.map { scheme in
            (
                scheme.name,
                object([("type", string("apiKey")), ("in", string("header")), ("name", string(scheme.header))])
            )
        }
        if !securitySchemes.isEmpty { components.append(("securitySchemes", object(securitySchemes))) }
        return object([
            ("openapi", string("3.1.0")),
            (
                "info",
                object([
                    ("title", string(service.name)), ("version", string("1")),
                    ("description", string(service.doc)),
                ])
            ),
            ("servers", array(servers)),
            ("paths", object(paths())),
            ("components", object(components)),
        ])
    }

    // MARK: - Paths

    private func paths() -> [(String, JSONNode)] {
        var order: [String] = []
        var byPath: [String: [(String, JSONNode)]] = [:]
        for resolved in resolved.endpoints {
            let endpoint = resolved.endpoint
            if byPath[endpoint.path] == nil { order.append(endpoint.path) }
            byPath[endpoint.path, default: []].append((endpoint.method.rawValue.lowercased(), operation(resolved)))
        }
        return order.map { ($0, object(byPath[$0]!)) }
    }

    private func operation(_ resolved: ResolvedEndpoint) -> JSONNode {
        let endpoint = resolved.endpoint
        var members: [(String, JSONNode)] = [("operationId", string(endpoint.name))]
        if !endpoint.doc.isEmpty { members.append(("description", string(endpoint.doc))) }
        if endpoint.deprecated != nil { members.append(("deprecated", .init(.bool(true), at: origin))) }
        if !endpoint.parameters.isEmpty {
            members.append(
                (
                    "parameters",
                    array(
                        endpoint.parameters.map { parameter in
                            var fields: [(String, JSONNode)] = [
                                ("name", string(parameter.wireName)), ("in", string(parameter.location.rawValue)),
                                ("required", .init(.bool(!parameter.type.isOptional), at: origin)),
                                ("schema", schema(parameter.type.unwrapped)),
                            ]
                            if !parameter.doc.isEmpty { fields.append(("description", string(parameter.doc))) }
                            return object(fields)
                        })
                ))
        }
        if let request = endpoint.request {
            members.append(
                (
                    "requestBody",
                    object([
                        ("required", .init(.bool(true), at: origin)),
                        ("content", object([("application/json", object([("schema", schema(request))]))])),
                    ])
                ))
        }
        let success = object([
            ("description", string("Success")),
            ("content", object([("application/json", object([("schema", successSchema(endpoint.response))]))])),
        ])
        let failure = object([
            ("description", string("An error in the service's envelope")),
            ("content", object([("application/json", object([("schema", errorSchema())]))])),
        ])
        var responses: [(String, JSONNode)] = [("200", success)]
        let statuses = Set(endpoint.errors.compactMap { entry in spec.errors.first { $0.name == entry.name }?.status })
        for status in statuses.sorted() { responses.append((String(status), failure)) }
        responses.append(("default", failure))
        members.append(("responses", object(responses)))
        let requirements = resolved.credentials.map(\.scheme)
        members.append(("security", array(requirements.isEmpty ? [] : [object(requirements.map { ($0, array([])) })])))
        return object(members)
    }

    private func successSchema(_ response: TypeRef?) -> JSONNode {
        let envelope = spec.service.envelope
        let payload = response.map(schema) ?? object([("type", string("object"))])
        guard let dataField = envelope.dataField else { return payload }
        var properties: [(String, JSONNode)] = []
        var required: [String] = []
        if let marker = envelope.successMarker {
            properties.append((marker.field, object([("const", string(marker.value))])))
            required.append(marker.field)
        }
        properties.append((dataField, payload))
        if response != nil { required.append(dataField) }
        return object([
            ("type", string("object")), ("properties", object(properties)), ("required", array(required.map(string))),
        ])
    }

    private func errorSchema() -> JSONNode {
        let envelope = spec.service.envelope
        let codes = spec.errors.map { JSONNode(.number(String($0.code)), at: origin) }
        var codeSchema: [(String, JSONNode)] = [("type", string("integer"))]
        if !codes.isEmpty { codeSchema.append(("examples", array(codes))) }
        let inner = object([
            ("type", string("object")),
            (
                "properties",
                object([
                    (envelope.codeField, object(codeSchema)),
                    (envelope.messageField, object([("type", string("string"))])),
                ])
            ),
            ("required", array([string(envelope.codeField)])),
        ])
        var properties: [(String, JSONNode)] = []
        var required: [String] = []
        if let marker = envelope.errorMarker {
            properties.append((marker.field, object([("const", string(marker.value))])))
            required.append(marker.field)
        }
        guard let container = envelope.errorContainer else {
            guard case let .object(members) = inner.value, let innerProperties = members[1].value.members else {
                return inner
            }
            properties += innerProperties.map { ($0.key, $0.value) }
            required.append(envelope.codeField)
            return object([
                ("type", string("object")), ("properties", object(properties)),
                ("required", array(required.map(string))),
            ])
        }
        properties.append((container, inner))
        required.append(container)
        return object([
            ("type", string("object")), ("properties", object(properties)), ("required", array(required.map(string))),
        ])
    }
}

// MARK: - JSON building

let origin = SourcePosition(line: 0, column: 0)

func object(_ members: [(String, JSONNode)]) -> JSONNode {
    JSONNode(.object(members.map { JSONNode.Member(key: $0.0, keyLocation: origin, value: $0.1) }), at: origin)
}

func array(_ elements: [JSONNode]) -> JSONNode {
    JSONNode(.array(elements), at: origin)
}

func string(_ text: String) -> JSONNode {
    JSONNode(.string(text), at: origin)
}
