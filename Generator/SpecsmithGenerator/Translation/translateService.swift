import SpecsmithCore

extension TranslationContext {
    /// The namespace, its environments, its envelope and the operation table shared by client and mock.
    func translateService() -> [Declaration] {
        let service = spec.service
        var namespaceDoc = [service.doc]
        namespaceDoc.append("Generated from the spec; the wire format is described there.")
        let namespace = Declaration.container(doc: Doc(namespaceDoc), "public enum \(namespace)", members: [])
        return [namespace, environment(), envelopeAndOperations()]
    }

    private func environment() -> Declaration {
        let hosts = spec.service.hosts
        var cases: [Declaration] = spec.service.environments.map { environment in
            .line("case \(environment.name)", doc: Doc(environment.doc))
        }
        let customParameters = hosts.count == 1 ? "URL" : hosts.map { "\($0.name): URL" }.joined(separator: ", ")
        cases.append(
            .line(
                "case custom(\(customParameters))",
                doc: Doc("Your own deployment, a staging copy, or a mock server on loopback.")))
        let switchCases: [Statement] =
            spec.service.environments.map { environment in
                let pairs = environment.urls.map { "\(Self.quoted($0.host)): URL(string: \(Self.quoted($0.url)))!" }
                return .switchCase("case .\(environment.name):", [.list("[", pairs, "]")])
            } + [
                hosts.count == 1
                    ? .switchCase("case let .custom(url):", [.line("[\(Self.quoted(hosts[0].name)): url]")])
                    : .switchCase(
                        "case let .custom(\(hosts.map(\.name).joined(separator: ", "))):",
                        [.list("[", hosts.map { "\(Self.quoted($0.name)): \($0.name)" }, "]")])
            ]
        let baseURLs = Declaration.function(
            doc: Doc("The base URL of each host, by host name."),
            signature: .property("public var baseURLs: [String: URL]"),
            body: [.block("switch self", switchCases)])
        var hostDocs = ["Where the service runs. Hosts:"]
        hostDocs += hosts.map { "- `\($0.name)`: \($0.doc)" }
        return .container(
            "extension \(namespace)",
            members: [
                .container(
                    doc: Doc(hostDocs), "public enum \(Names.environment)", conformances: ["Hashable", "Sendable"],
                    members: cases + [baseURLs])
            ])
    }

    private func envelopeAndOperations() -> Declaration {
        let envelope = spec.service.envelope
        var arguments: [String] = []
        if let data = envelope.dataField { arguments.append("dataField: \(Self.quoted(data))") }
        if let marker = envelope.successMarker {
            arguments.append(
                "successMarker: .init(field: \(Self.quoted(marker.field)), value: \(Self.quoted(marker.value)))")
        }
        if let container = envelope.errorContainer { arguments.append("errorContainer: \(Self.quoted(container))") }
        arguments.append("codeField: \(Self.quoted(envelope.codeField))")
        arguments.append("messageField: \(Self.quoted(envelope.messageField))")
        if let marker = envelope.errorMarker {
            arguments.append(
                "errorMarker: .init(field: \(Self.quoted(marker.field)), value: \(Self.quoted(marker.value)))")
        }
        let operations = spec.endpoints.map { endpoint -> Declaration in
            var parts = [
                "name: \(Self.quoted(endpoint.name))", "method: \(Self.quoted(endpoint.method.rawValue))",
                "host: \(Self.quoted(endpoint.host.isEmpty ? spec.service.hosts.first?.name ?? "" : endpoint.host))",
                "path: \(Self.quoted(endpoint.path))",
            ]
            if endpoint.idempotent { parts.append("idempotent: true") }
            let auth = authRequirements(of: endpoint)
            if !auth.isEmpty { parts.append("auth: [\(auth.joined(separator: ", "))]") }
            // Response paths include the envelope, so they apply to the body as it travels.
            let data = spec.service.envelope.dataField ?? ""
            for (label, ref, prefix) in [
                ("sensitiveRequestFields", endpoint.request, ""), ("sensitiveResponseFields", endpoint.response, data),
            ] {
                let paths = ref.map { sensitivePaths(in: $0, prefix: prefix) } ?? []
                if !paths.isEmpty { parts.append("\(label): [\(paths.map(Self.quoted).joined(separator: ", "))]") }
            }
            return .statement(
                doc: Doc("`\(endpoint.method.rawValue) \(endpoint.path)`"),
                .packedCall(
                    head: "public static let \(endpoint.name) = \(Names.wireOperation)(", arguments: parts, tail: ")"))
        }
        return .container(
            "extension \(namespace)",
            members: [
                .statement(
                    doc: Doc("The wire shape around every success and error body."),
                    .packedCall(
                        head: "public static let \(Names.envelope) = \(Names.wireEnvelope)(", arguments: arguments,
                        tail: ")")),
                .container(
                    doc: Doc("How to reach each endpoint: method, host, path template and credentials."),
                    "public enum \(Names.operations)", members: operations),
            ])
    }

    /// Wire paths of every sensitive value inside a value of `ref`: fields marked sensitive and
    /// fields whose value type is sensitive; `[]` steps into array elements, `{}` into map values.
    func sensitivePaths(in ref: TypeRef, prefix: String = "", visiting: Set<String> = []) -> [String] {
        switch ref {
        case let .optional(inner): return sensitivePaths(in: inner, prefix: prefix, visiting: visiting)
        case let .array(inner): return sensitivePaths(in: inner, prefix: prefix + "[]", visiting: visiting)
        case let .map(inner): return sensitivePaths(in: inner, prefix: prefix + "{}", visiting: visiting)
        case .primitive: return []
        case let .named(name):
            guard !visiting.contains(name), let type = spec.type(named: name) else { return [] }
            let visiting = visiting.union([name])
            switch type.kind {
            case let .structure(decl):
                return decl.fields.flatMap { field -> [String] in
                    let path = prefix.isEmpty ? field.wireName : prefix + "." + field.wireName
                    if field.sensitive || isSensitive(field.type) { return [path] }
                    return sensitivePaths(in: field.type, prefix: path, visiting: visiting)
                }
            case let .union(decl):
                return decl.cases.flatMap { item -> [String] in
                    guard let payload = item.payload else { return [] }
                    let path = (prefix.isEmpty ? "" : prefix + ".") + item.payloadField
                    return sensitivePaths(in: payload, prefix: path, visiting: visiting)
                }
            case .enumeration, .value:
                return []
            }
        }
    }

    /// The credentials an endpoint sends, from its own list or the service's default.
    func authRequirements(of endpoint: Endpoint) -> [String] {
        let names = endpoint.auth?.map(\.name) ?? spec.service.defaultAuth
        let issuers = spec.service.authSchemes.compactMap { scheme -> String? in
            if case let .sessionToken(issuedBy, _, _) = scheme.kind { return issuedBy }
            return nil
        }
        return names.compactMap { name in
            guard let scheme = spec.service.authSchemes.first(where: { $0.name == name }) else { return nil }
            switch scheme.kind {
            case let .sessionToken(issuedBy, _, prefix):
                // The issuing endpoint cannot need the session it issues.
                if endpoint.name == issuedBy || (endpoint.auth == nil && issuers.contains(endpoint.name)) { return nil }
                return ".session(header: \(Self.quoted(scheme.header)), prefix: \(Self.quoted(prefix)))"
            case .appKey:
                return ".appKey(header: \(Self.quoted(scheme.header)))"
            }
        }
    }
}
