import SpecsmithCore
@_spi(Generated) import SpecsmithRuntime

extension TranslationContext {
    /// The namespace, its environments, its envelope and the operation table shared by client and mock.
    func translateService() -> [Declaration] {
        let service = spec.service
        var namespaceDoc = [service.doc]
        namespaceDoc.append("Generated from the spec; the wire format is described there.")
        let namespace = Declaration.container(
            doc: Doc(namespaceDoc), ContainerHeader(.public, .enum, namespace), members: [])
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
            signature: .property(.public, "baseURLs", type: "[String: URL]"),
            body: [.block("switch self", switchCases)])
        var hostDocs = ["Where the service runs. Hosts:"]
        hostDocs += hosts.map { "- `\($0.name)`: \($0.doc)" }
        return .container(
            .extension(of: namespace),
            members: [
                .container(
                    doc: Doc(hostDocs), ContainerHeader(.public, .enum, Names.environment),
                    conformances: ["Hashable", "Sendable"],
                    members: cases + [baseURLs])
            ])
    }

    private func envelopeAndOperations() -> Declaration {
        let envelope = spec.service.envelope
        var arguments: [String] = []
        if let data = envelope.dataField { arguments.append("dataField: \(Self.quoted(data))") }
        if let marker = envelope.successMarker {
            arguments.append(
                "successMarker: .init(field: \(Self.quoted(marker.field)), value: \(Self.literal(marker.value)))")
        }
        if let container = envelope.errorContainer { arguments.append("errorContainer: \(Self.quoted(container))") }
        arguments.append("codeField: \(Self.quoted(envelope.codeField))")
        arguments.append("messageField: \(Self.quoted(envelope.messageField))")
        if let marker = envelope.errorMarker {
            arguments.append(
                "errorMarker: .init(field: \(Self.quoted(marker.field)), value: \(Self.literal(marker.value)))")
        }
        // A failure keeps the headers that tell its error apart, beside those the envelope names.
        var errorHeaders =
            envelope.errorHeaders
            + spec.service.responseHeaders.map(\.wireName).filter { name in
                !envelope.errorHeaders.contains { $0.caseInsensitiveCompare(name) == .orderedSame }
            }
        for case let .header(name)? in spec.errors.map({ $0.condition?.source })
        where !errorHeaders.contains(where: { $0.caseInsensitiveCompare(name) == .orderedSame }) {
            errorHeaders.append(name)
        }
        if !errorHeaders.isEmpty {
            arguments.append("errorHeaders: [\(errorHeaders.map(Self.quoted).joined(separator: ", "))]")
        }
        let operations = resolved.endpoints.map { resolved -> Declaration in
            let endpoint = resolved.endpoint
            var parts = [
                "name: \(Self.quoted(endpoint.name))", "method: \(Self.quoted(endpoint.method.rawValue))",
                "host: \(Self.quoted(resolved.host))", "path: \(Self.quoted(endpoint.path))",
            ]
            if endpoint.idempotent { parts.append("idempotent: true") }
            let auth = resolved.credentials.map { Self.requirementLiteral($0.requirement) }
            if !auth.isEmpty { parts.append("auth: [\(auth.joined(separator: ", "))]") }
            for (label, paths) in [
                ("sensitiveRequestFields", resolved.sensitiveRequestPaths),
                ("sensitiveResponseFields", resolved.sensitiveResponsePaths),
                ("sensitiveErrorFields", resolved.sensitiveErrorPaths),
                ("sensitiveHeaders", resolved.sensitiveHeaders),
            ] where !paths.isEmpty {
                parts.append("\(label): [\(paths.map(Self.quoted).joined(separator: ", "))]")
            }
            if endpoint.successStatus != 200 { parts.append("successStatus: \(endpoint.successStatus)") }
            if let header = endpoint.idempotencyKey { parts.append("idempotencyKeyHeader: \(Self.quoted(header))") }
            let documented = endpoint.errors.compactMap { error in spec.errors.first { $0.name == error.name }?.code }
            if !documented.isEmpty { parts.append("errors: [\(documented.map(Self.literal).joined(separator: ", "))]") }
            if endpoint.request != nil { parts.append("requestMediaType: \(Self.quoted(endpoint.requestMediaType))") }
            if endpoint.answersNotModified { parts.append("answersNotModified: true") }
            if let mediaType = endpoint.responseMediaType {
                parts.append("responseMediaType: \(Self.quoted(mediaType))")
            }
            let files = resolved.fileFields
            if !files.isEmpty { parts.append("fileFields: [\(files.map(Self.quoted).joined(separator: ", "))]") }
            let parameters = resolved.sensitiveParameters
            if !parameters.isEmpty {
                parts.append("sensitiveParameters: [\(parameters.map(Self.quoted).joined(separator: ", "))]")
            }
            return .stored(
                StoredProperty(
                    .public, isStatic: true, .let, endpoint.name,
                    value: .laidOut(.packedCall(head: "\(Names.wireOperation)(", arguments: parts, tail: ")"))),
                doc: Doc("`\(endpoint.method.rawValue) \(endpoint.path)`"))
        }
        let sessions = spec.issuedSessions.map { session in
            Statement.packedCall(
                head: "\(Names.wireSession)(",
                arguments: [
                    "issuer: \(Names.operations).\(session.issuer)",
                    "tokenPath: [\(session.tokenPath.map(Self.quoted).joined(separator: ", "))]",
                    "header: \(Self.quoted(session.scheme.header))", "prefix: \(Self.quoted(session.prefix))",
                ], tail: ")")
        }
        let sessionTable: [Declaration] =
            sessions.isEmpty
            ? []
            : [
                .stored(
                    StoredProperty(
                        .public, isStatic: true, .let, Names.wireSessions,
                        value: .laidOut(.collection(head: "[", elements: sessions, tail: "]"))),
                    doc: Doc(
                        "The sessions the service issues: the operation whose answer carries each token, where it sits, and the header later calls send it in; generated code alone reads it.",
                        attributes: [.generatedSPI]))
            ]
        return .container(
            .extension(of: namespace),
            members: [
                .stored(
                    StoredProperty(
                        .public, isStatic: true, .let, Names.envelope,
                        value: .laidOut(.packedCall(head: "\(Names.wireEnvelope)(", arguments: arguments, tail: ")"))),
                    doc: Doc(
                        "The wire shape around every success and error body; generated code alone reads it.",
                        attributes: [.generatedSPI]))
            ] + sessionTable + [
                .container(
                    doc: Doc(
                        "How to reach each endpoint: method, host, path template and credentials; for generated code and the mock.",
                        attributes: [.generatedSPI]),
                    ContainerHeader(.public, .enum, Names.operations), members: operations)
            ])
    }

    /// The Swift literal of a runtime auth requirement.
    static func requirementLiteral(_ requirement: AuthRequirement) -> String {
        switch requirement {
        case let .session(header, prefix): ".session(header: \(quoted(header)), prefix: \(quoted(prefix)))"
        case let .appKey(header): ".appKey(header: \(quoted(header)))"
        case let .prefixedKey(header, prefix): ".prefixedKey(header: \(quoted(header)), prefix: \(quoted(prefix)))"
        case let .queryKey(name): ".queryKey(name: \(quoted(name)))"
        case let .optional(inner): ".optional(\(requirementLiteral(inner)))"
        }
    }
}
