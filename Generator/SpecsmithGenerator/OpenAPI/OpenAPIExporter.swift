import SpecsmithCore
@_spi(Generated) import SpecsmithRuntime

/// Exports a spec as an OpenAPI 3.1 document, so validators, Swagger UI, fuzzers and other
/// languages' generators can read our APIs.
///
/// Bodies are described with the service's envelope around them, exactly as they travel. What the
/// spec knows and OpenAPI has no keyword for travels in `x-specsmith-*` extensions (SpecFormat.md
/// lists them).
public struct OpenAPIExporter: Sendable {
    let resolved: ResolvedSpec
    var spec: Spec { resolved.spec }

    /// An exporter of `resolved`, which the loader made from a valid spec.
    public init(_ resolved: ResolvedSpec) {
        self.resolved = resolved
    }

    /// The document as pretty-printed JSON text.
    public func document() -> String {
        JSONText.pretty(documentNode())
    }

    func documentNode() -> JSONNode {
        let service = spec.service
        var components: [(String, JSONNode)] = [("schemas", object(schemas()))]
        let securitySchemes = service.authSchemes.map { ($0.name, securityScheme($0)) }
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
            ("servers", array(documentServers())),
            ("paths", object(paths())),
            ("components", object(components)),
        ])
    }

    // MARK: - Servers and security

    private var production: Environment? {
        spec.service.environments.first { $0.name == "production" } ?? spec.service.environments.first
    }

    private func documentServers() -> [JSONNode] {
        guard let production else { return [] }
        return production.urls.map { entry in
            object([("url", string(entry.url)), ("description", string("\(production.name): host \(entry.host)"))])
        }
    }

    /// Every environment's URL for `host`: an operation's own servers, when the service has several
    /// hosts and the document's list would otherwise let a client send it to the wrong one.
    func servers(forHost host: String) -> [JSONNode] {
        spec.service.environments.compactMap { environment in
            guard let entry = environment.urls.first(where: { $0.host == host }) else { return nil }
            return object([("url", string(entry.url)), ("description", string(environment.name))])
        }
    }

    private func securityScheme(_ scheme: AuthScheme) -> JSONNode {
        var members: [(String, JSONNode)]
        let prefix =
            if case let .sessionToken(_, _, prefix) = scheme.kind { prefix } else { scheme.prefix }
        if scheme.isBasic {
            members = [("type", string("http")), ("scheme", string("basic"))]
        } else if scheme.header.lowercased() == "authorization", prefix == "Bearer " {
            members = [("type", string("http")), ("scheme", string("bearer"))]
        } else if let query = scheme.query {
            members = [("type", string("apiKey")), ("in", string("query")), ("name", string(query))]
        } else {
            members = [("type", string("apiKey")), ("in", string("header")), ("name", string(scheme.header))]
        }
        if !scheme.doc.isEmpty { members.append(("description", string(scheme.doc))) }
        if case let .sessionToken(issuedBy, _, prefix) = scheme.kind {
            var issued: [(String, JSONNode)] = [("operationId", string(issuedBy))]
            if let session = spec.issuedSessions.first(where: { $0.scheme.name == scheme.name }) {
                issued.append(("pointer", string(session.tokenPath.map { "/\($0)" }.joined())))
            }
            if !prefix.isEmpty { issued.append(("prefix", string(prefix))) }
            members.append(("x-specsmith-issued-by", object(issued)))
        }
        return object(members)
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
        return order.map { ($0, object(byPath[$0] ?? [])) }
    }
}
