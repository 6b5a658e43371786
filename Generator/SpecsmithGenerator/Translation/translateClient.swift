import SpecsmithCore

extension TranslationContext {
    /// The wire client: one typed async method per endpoint, each a single call into the runtime.
    func translateClient() -> Declaration {
        var members: [Declaration] = [
            .line("public let core: ClientCore", doc: Doc("The engine that sends requests and holds the session.")),
            .function(
                doc: Doc([
                    "Creates a client for `environment`.",
                    "- Parameters:",
                    "  - environment: Where the service runs; `.custom` for a mock server or your own deployment.",
                    "  - transport: How requests travel; `URLSessionTransport` unless you bring another.",
                    "  - appKey: The app key, for endpoints that require one.",
                    "  - timeout: The limit for each request, in seconds.",
                    "  - middlewares: What every request passes through, such as logging with redaction.",
                    "  - retry: When idempotent operations are repeated.",
                ]),
                signature: Signature(
                    "public init",
                    [
                        "environment: Environment", "transport: any HTTPTransport = URLSessionTransport()",
                        "appKey: String? = nil", "timeout: TimeInterval = 30",
                        "middlewares: [any ClientMiddleware] = []", "retry: RetryPolicy = RetryPolicy()",
                    ]),
                body: [
                    .call(
                        "core = ClientCore(",
                        [
                            "baseURLs: environment.baseURLs", "envelope: \(namespace).envelope", "transport: transport",
                            "appKey: appKey", "timeout: timeout", "middlewares: middlewares", "retry: retry",
                        ])
                ]),
        ]
        members += spec.endpoints.map(clientMethod)
        return .container(
            "extension \(namespace)",
            members: [
                .container(
                    doc: Doc([
                        "The wire client of \(namespace): one method per endpoint of the spec.",
                        "Every method throws a typed ``\(namespace)/Failure`` that names the operation.",
                    ]),
                    "public struct Client", conformances: ["Sendable"], members: members)
            ])
    }

    /// The Swift parameters of an endpoint's method: path, query and header values, then the body.
    func methodParameters(_ endpoint: Endpoint, qualified: Bool = false, defaults: Bool = true) -> [String] {
        var parameters = endpoint.parameters.map { parameter in
            "\(parameter.name): \(swiftType(parameter.type, qualified: qualified))"
                + (defaults && parameter.type.isOptional ? " = nil" : "")
        }
        if let request = endpoint.request {
            parameters.append("_ request: \(swiftType(request, qualified: qualified))")
        }
        return parameters
    }

    private func clientMethod(_ endpoint: Endpoint) -> Declaration {
        let response = endpoint.response.map { swiftType($0) }
        var arguments = ["Operations.\(endpoint.name)"]
        let byPlace = { (place: Parameter.Location) in endpoint.parameters.filter { $0.location == place } }
        let path = byPlace(.path).map { "\(Self.quoted($0.wireName)): \($0.name).parameterValue" }
        if !path.isEmpty { arguments.append("path: [\(path.joined(separator: ", "))]") }
        for (place, label) in [(Parameter.Location.query, "query"), (.header, "headers")] {
            let items = byPlace(place).map { "(\(Self.quoted($0.wireName)), \($0.name))" }
            if !items.isEmpty { arguments.append("\(label): [\(items.joined(separator: ", "))]") }
        }
        if endpoint.request != nil { arguments.append("body: request") }
        arguments += ["client: self", "as: Failure.self"]

        var body: [Statement]
        let send = Statement.call("try await core.send(", arguments)
        if let tokenField = issuedSessionField(of: endpoint) {
            body = [
                prefixed(send, "let response: \(response ?? "NoContent") = "),
                .line("core.storeSession(response.\(tokenField))"),
                .line("return response"),
            ]
        } else if response == nil {
            body = [prefixed(send, "let _: NoContent = ")]
        } else {
            body = [send]
        }
        return .function(
            doc: endpointDoc(endpoint),
            signature: Signature(
                "public func \(endpoint.name)", methodParameters(endpoint),
                " async throws(Failure)" + (response.map { " -> \($0)" } ?? "")),
            body: body)
    }

    private func prefixed(_ statement: Statement, _ prefix: String) -> Statement {
        guard case let .call(head, arguments, tail, isCollection) = statement else { return statement }
        return .call(head: prefix + head, arguments: arguments, tail: tail, isCollection: isCollection)
    }

    /// The response field that carries the session token, if this endpoint issues one.
    func issuedSessionField(of endpoint: Endpoint) -> String? {
        for scheme in spec.service.authSchemes {
            if case let .sessionToken(issuedBy, tokenField, _) = scheme.kind, issuedBy == endpoint.name {
                return tokenField
            }
        }
        return nil
    }

    func endpointDoc(_ endpoint: Endpoint) -> Doc {
        var paragraphs = [endpoint.doc, "`\(endpoint.method.rawValue) \(endpoint.path)`"]
        let documented = endpoint.parameters.filter { !$0.doc.isEmpty }
        if !documented.isEmpty {
            paragraphs.append("- Parameters:")
            paragraphs += documented.map { "  - \($0.name): \($0.doc)" }
        }
        if !endpoint.errors.isEmpty {
            let codes = endpoint.errors.compactMap { entry in spec.errors.first { $0.name == entry.name } }
            paragraphs.append(
                "- Throws: ``Failure``, documented: "
                    + codes.map { "`\($0.name)` (\($0.code))" }.joined(separator: ", ") + ".")
        }
        guard let deprecated = endpoint.deprecated else { return Doc(paragraphs) }
        return Doc(paragraphs, attributes: ["@available(*, deprecated, message: \(Self.quoted(deprecated)))"])
    }
}
