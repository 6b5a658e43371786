import SpecsmithCore

extension TranslationContext {
    /// The wire client: one typed async method per endpoint an app may call, each a single call
    /// into the runtime.
    func translateClient() -> Declaration {
        let backend = spec.service.backendModule.map { module in
            spec.endpoints.contains(where: \.backendOnly)
                ? " The endpoints only a backend may call are in `\(Names.backendClient)`, in \(module)." : ""
        }
        return wireClient(
            named: Names.client, access: spec.service.clientIsPublic ? .public : .package,
            keys: resolved.keyParameters,
            endpoints: resolved.endpoints.filter { !$0.endpoint.backendOnly },
            summary: "The wire client of \(namespace): one method per endpoint of the spec." + (backend ?? ""))
    }

    /// The backend client, generated into the backend module: one method per `backendOnly`
    /// endpoint, with the keys only a backend holds. `nil` when the spec has no such endpoint.
    func translateBackendClient() -> Declaration? {
        let endpoints = resolved.endpoints.filter(\.endpoint.backendOnly)
        guard !endpoints.isEmpty else { return nil }
        return wireClient(
            named: Names.backendClient, access: .public, keys: resolved.backendKeyParameters, endpoints: endpoints,
            summary:
                "The backend client of \(namespace): the endpoints that need a credential an app must never hold.")
    }

    private func wireClient(
        named name: String, access: AccessLevel, keys: [KeyParameter], endpoints: [ResolvedEndpoint], summary: String
    ) -> Declaration {
        let keyDocs = keys.map { key in
            let fallback =
                key.isBasic
                ? "The user-id and password sent in `\(key.header)` (HTTP Basic)." : "The key sent in `\(key.header)`."
            return "  - \(key.label): \(key.doc.isEmpty ? fallback : key.doc)"
        }
        // A user-id and password travel as HTTP Basic writes them: base64-encoded, after the prefix.
        let entries = keys.map { "\(Self.quoted($0.header)): \($0.label)\($0.isBasic ? "?.encoded" : "")" }
        let oneLine = "[" + entries.joined(separator: ", ") + "].compactMapValues { $0 }"
        // The argument stands four levels in (extension, struct, initialiser, call): one entry a
        // line when the whole would pass the line length.
        let argumentLine = String(repeating: " ", count: 16) + "appKeys: " + oneLine + ","
        let keyMap =
            keys.isEmpty
            ? "[:]"
            : argumentLine.count <= 120 || entries.count < 2
                ? oneLine
                : (["["] + entries.map { "    \($0)," } + ["].compactMapValues { $0 }"]).joined(separator: "\n")
        typealias Label = GeneratedNames.ClientParameter
        var members: [Declaration] = [
            .stored(
                StoredProperty(.private, .let, Names.clientCoreMember, type: Names.clientCore),
                doc: Doc("The engine that sends requests and holds the session; generated code alone reaches it.")),
            .function(
                doc: Doc(
                    [
                        "Creates a client for `\(Label.environment)`.",
                        "- Parameters:",
                        "  - \(Label.environment): Where the service runs; `.custom` for a mock server or your own deployment.",
                        "  - \(Label.transport): How requests travel; `\(Names.urlSessionHTTPTransport)` unless you bring another.",
                    ] + keyDocs + [
                        "  - \(Label.timeout): The limit for each request, in seconds.",
                        "  - \(Label.middlewares): What every request passes through, such as logging with redaction.",
                        "  - \(Label.retry): When idempotent operations are repeated.",
                    ]),
                signature: Signature.initializer(
                    .public,
                    [
                        "\(Label.environment): \(Names.environment)",
                        "\(Label.transport): any \(Names.httpTransport) = \(Names.urlSessionHTTPTransport)()",
                    ]
                        + keys.map {
                            "\($0.label): \($0.isBasic ? "\(Names.runtimeModule).\(Names.basicCredentials)" : "String")? = nil"
                        } + [
                            "\(Label.timeout): TimeInterval = 30",
                            "\(Label.middlewares): [any \(Names.transportMiddleware)] = []",
                            "\(Label.retry): \(Names.retryPolicy) = \(Names.retryPolicy)()",
                        ]),
                body: [
                    .call(
                        "\(Names.clientCoreMember) = \(Names.clientCore)(",
                        [
                            "baseURLs: \(Label.environment).baseURLs", "envelope: \(namespace).\(Names.envelope)",
                            "transport: \(Label.transport)", "appKeys: \(keyMap)", "timeout: \(Label.timeout)",
                            "middlewares: \(Label.middlewares)", "retry: \(Label.retry)",
                        ] + serviceRuleArguments)
                ]),
        ]
        let sendsSession = endpoints.contains { resolved in
            resolved.issuedSessionField != nil || resolved.credentials.contains(where: \.isSession)
        }
        if sendsSession {
            members.append(
                .function(
                    doc: Doc([
                        "Uses `token` as the session of later calls, as if the endpoint that issues sessions had returned it; `nil` forgets the session.",
                        "A backend that keeps a session between processes restores it here.",
                    ]),
                    signature: Signature.function(.public, "restoreSession", ["_ token: String?"]),
                    body: [.line("\(Names.clientCoreMember).storeSession(token)")]))
        }
        for endpoint in endpoints {
            members.append(clientMethod(endpoint))
            if let pagination = endpoint.endpoint.pagination {
                members.append(pagesMethod(endpoint.endpoint, pagination))
            }
        }
        return .container(
            .extension(of: namespace),
            members: [
                .container(
                    doc: Doc([
                        summary,
                        "Every method throws a typed ``\(namespace)/\(Names.failure)`` that names the operation.",
                    ]),
                    ContainerHeader(access, .struct, name), conformances: ["Sendable"], members: members)
            ])
    }

    /// The Swift parameters of an endpoint's method: path, query and header values, then the body.
    func methodParameters(_ endpoint: Endpoint, qualified: Bool = false, defaults: Bool = true) -> [String] {
        var parameters = endpoint.parameters.map { parameter in
            "\(parameter.name): \(swiftType(parameter.type, qualified: qualified))"
                + (defaults && parameter.type.isOptional ? " = nil" : "")
        }
        if let request = endpoint.request {
            // An optional body is left out when the caller gives none.
            parameters.append(
                "_ request: \(swiftType(request, qualified: qualified))"
                    + (defaults && request.isOptional ? " = nil" : ""))
        }
        return parameters
    }

    /// What the client hands the runtime for `parameter`: the value itself, or a list in the form
    /// the spec gives it.
    private func queryValue(_ parameter: Parameter) -> String {
        let wrapped = parameter.type.unwrapped
        guard wrapped.isArray else { return toWire(parameter.type, parameter.name) }
        let list = { (items: String) in
            "\(Names.parameterList)(\(self.toWire(wrapped, items)), explode: \(parameter.isExploded))"
        }
        return parameter.type.isOptional ? "\(parameter.name).map { \(list("$0")) }" : list(parameter.name)
    }

    /// The path, query and header arguments of a runtime call for `endpoint`'s parameters.
    ///
    /// - Parameters:
    ///   - indent: The column the call's arguments sit in: a literal that would pass the line length
    ///     goes one item a line, with swift-format's trailing comma.
    ///   - extraHeaders: Header items the client adds beside the spec's parameters.
    func parameterArguments(_ endpoint: Endpoint, indent: Int, extraHeaders: [String] = []) -> [String] {
        var arguments: [String] = []
        let byPlace = { (place: Parameter.Location) in endpoint.parameters.filter { $0.location == place } }
        let path = byPlace(.path).map { "\(Self.quoted($0.wireName)): \(toWire($0.type, $0.name)).parameterValue" }
        for (label, items) in [
            ("path", path), ("query", byPlace(.query).map { "(\(Self.quoted($0.wireName)), \(queryValue($0)))" }),
            ("headers", byPlace(.header).map { "(\(Self.quoted($0.wireName)), \(queryValue($0)))" } + extraHeaders),
        ] {
            guard !items.isEmpty else { continue }
            let inline = "\(label): [\(items.joined(separator: ", "))]"
            arguments.append(
                indent + inline.count + 1 <= 120
                    ? inline : "\(label): [\n" + items.map { "    \($0)," }.joined(separator: "\n") + "\n]")
        }
        return arguments
    }

    private func clientMethod(_ resolved: ResolvedEndpoint) -> Declaration {
        let endpoint = resolved.endpoint
        let response = endpoint.response.map { swiftType($0) }
        let hasHeaders = !endpoint.responseHeaders.isEmpty
        let callerKey = callerKeyHeader(endpoint)
        let keyItem = callerKey.map { ["(\(Self.quoted($0)), \(Self.callerKeyParameter))"] } ?? []
        var arguments =
            ["\(Names.operations).\(endpoint.name)"] + parameterArguments(endpoint, indent: 16, extraHeaders: keyItem)
        if endpoint.request != nil { arguments.append("body: request") }
        if hasHeaders { arguments.append("replyHeaders: \(endpoint.responseHeadersTypeName).self") }
        arguments.append("as: \(Names.failure).self")

        let conditional = endpoint.answersNotModified
        let method = conditional ? "sendConditional" : "send"
        let send = Statement.call("try await \(Names.clientCoreMember).\(method)(", arguments)
        // What the client does with an answer before handing it over: keep an issued session, and
        // bind the OTPs it carries to this client so their verify and resend can call back.
        let value = hasHeaders ? "response.responseBody" : "response"
        var after: [Statement] = []
        if let tokenField = resolved.issuedSessionField {
            after.append(.line("\(Names.clientCoreMember).storeSession(\(value).\(tokenField))"))
        }
        if let ref = endpoint.response { after += otpBindings(in: ref, at: value) }
        let returned = clientReturnType(endpoint)
        let body: [Statement]
        if let returned, conditional, !after.isEmpty {
            // A 304 brings nothing to keep or bind.
            body = [
                prefixed(send, "let answer: \(returned) = "), .block("if case let .modified(response) = answer", after),
                .line("return answer"),
            ]
        } else if let returned, response != nil, !after.isEmpty {
            body = [prefixed(send, "let response: \(returned) = ")] + after + [.line("return response")]
        } else if response == nil, hasHeaders {
            let reply = "\(Names.reply)<\(Names.noContent), \(endpoint.responseHeadersTypeName)>"
            body = [prefixed(send, "let reply: \(reply) = "), .line("return reply.discardingBody()")]
        } else if response == nil {
            body = [prefixed(send, "let _: \(Names.noContent) = ")]
        } else {
            body = [send]
        }
        var doc = endpointDoc(endpoint)
        // An answer without a body still brings its headers; a caller that only wanted the call
        // done (a DELETE answered 204) need not read them.
        if response == nil, hasHeaders { doc.attributes.append(.discardableResult) }
        return .function(
            doc: doc,
            signature: Signature.function(
                .public, endpoint.name,
                methodParameters(endpoint) + (callerKey == nil ? [] : ["\(Self.callerKeyParameter): String? = nil"]),
                " async throws(\(Names.failure))" + (returned.map { " -> \($0)" } ?? "")),
            body: body)
    }

    /// The service's pinned headers and should-retry header for the client core, when it has them.
    private var serviceRuleArguments: [String] {
        let headers = spec.service.constantHeaders.map { "(\(Self.quoted($0.name)), \(Self.quoted($0.value)))" }
        let retryHeader = spec.service.shouldRetryHeader.map { ["shouldRetryHeader: \(Self.quoted($0.name))"] } ?? []
        let retryable = spec.errors.filter(\.retryable).map { Self.literal($0.code) }
        // Only the retry rules read it, so a spec with no retryable error is not told.
        let byStatus = !retryable.isEmpty && spec.errors.allSatisfy(\.byStatus) ? ["errorsByStatus: true"] : []
        return (headers.isEmpty ? [] : [Self.listArgument("constantHeaders", headers)]) + retryHeader
            + (retryable.isEmpty ? [] : [Self.listArgument("retryableErrors", retryable)]) + byStatus
    }

    /// An argument whose value is a list literal: inline when it fits in the initialiser's
    /// argument column, as swift-format would keep it, else one item a line.
    private static func listArgument(_ label: String, _ items: [String]) -> String {
        let inline = "\(label): [\(items.joined(separator: ", "))]"
        if 16 + inline.count + 1 <= 120 { return inline }
        return "\(label): [\n" + items.map { "    \($0)," }.joined(separator: "\n") + "\n]"
    }

    /// The client method's parameter that lets the caller choose the idempotency key.
    static let callerKeyParameter = "idempotencyKey"

    /// The idempotency key header whose value the caller may choose (an order id kept across
    /// restarts); lint refuses a header parameter that would send it too.
    func callerKeyHeader(_ endpoint: Endpoint) -> String? {
        endpoint.idempotencyKey
    }

    func prefixed(_ statement: Statement, _ prefix: String) -> Statement {
        guard case let .call(head, arguments, tail, isCollection) = statement else { return statement }
        return .call(head: prefix + head, arguments: arguments, tail: tail, isCollection: isCollection)
    }

    /// Statements that bind every OTP variant inside a value of `ref` (held by `expression`) to this
    /// client: the value itself, a union case's payload, or a struct field. The validator refuses
    /// OTPs nested deeper, so nothing is left unbound.
    func otpBindings(in ref: TypeRef, at expression: String) -> [Statement] {
        let isOTP = { (ref: TypeRef) in ref.namedTypes.first.map(isOTPVariant) ?? false }
        switch ref {
        case let .named(name) where isOTPVariant(name):
            return [.line("\(expression).state.bind(to: self)")]
        case let .optional(.named(name)) where isOTPVariant(name):
            return [.line("\(expression)?.state.bind(to: self)")]
        case let .named(name):
            switch spec.type(named: name)?.kind {
            case let .union(decl)?:
                return decl.cases.compactMap { item -> Statement? in
                    guard let payload = item.payload, isOTP(payload) else { return nil }
                    return .block(
                        "if case let .\(item.name)(otp) = \(expression)", otpBindings(in: payload, at: "otp"))
                }
            case let .structure(decl)?:
                return decl.fields.filter { isOTP($0.type) }.flatMap {
                    otpBindings(in: $0.type, at: "\(expression).\($0.name)")
                }
            default:
                return []
            }
        default:
            return []
        }
    }

    func isOTPVariant(_ name: String) -> Bool {
        spec.otps?.variants.contains { $0.name == name } ?? false
    }

    func endpointDoc(_ endpoint: Endpoint) -> Doc {
        var paragraphs = [endpoint.doc, "`\(endpoint.method.rawValue) \(endpoint.path)`"]
        let callerKey = callerKeyHeader(endpoint)
        if endpoint.parameters.contains(where: { !$0.doc.isEmpty }) || callerKey != nil {
            // Once there is a parameter list, DocC wants every parameter in it, the body included.
            paragraphs.append("- Parameters:")
            paragraphs += endpoint.parameters.map { parameter in
                let doc =
                    parameter.doc.isEmpty
                    ? "The `\(parameter.wireName)` \(parameter.location.rawValue) parameter." : parameter.doc
                return "  - \(parameter.name): \(doc)"
            }
            if let request = endpoint.request {
                let about = request.namedTypes.first.flatMap { spec.type(named: $0)?.doc }.flatMap {
                    $0.isEmpty ? nil : $0
                }
                paragraphs.append("  - request: \(about ?? "The request body.")")
            }
        }
        if let header = callerKey {
            paragraphs.append(
                "  - \(Self.callerKeyParameter): The `\(header)` to send, such as an order id kept across restarts; "
                    + "when `nil` the client makes one. Every retry of the call sends the same key.")
        }
        if !endpoint.errors.isEmpty {
            let codes = endpoint.errors.compactMap { entry in spec.errors.first { $0.name == entry.name } }
            paragraphs.append(
                "- Throws: ``\(Names.failure)``, documented: "
                    + codes.map { "`\($0.name)` (\($0.code))" }.joined(separator: ", ") + ".")
        }
        guard let deprecated = endpoint.deprecated else { return Doc(paragraphs) }
        return Doc(paragraphs, attributes: [.deprecated(message: deprecated)])
    }
}
