import SpecsmithCore
@_spi(Generated) import SpecsmithRuntime

extension TranslationContext {
    /// The mock's handler protocol (one method per endpoint) and the routes that decode requests,
    /// call the handler and encode its answer.
    func translateMockHandler() -> [Declaration] {
        let handler = "\(namespace)Handler"
        let requirements: [Declaration] = spec.endpoints.map { endpoint in
            .requirement(
                doc: Doc([endpoint.doc, "`\(endpoint.method.rawValue) \(endpoint.path)`"]),
                signature: mockSignature(endpoint))
        }
        let protocolDecl = Declaration.container(
            doc: Doc([
                "What a \(namespace) mock implements: one method per endpoint, typed request in, typed answer out.",
                "Throw a `\(Names.mockFailure)` (see `\(namespace).\(Names.errorCode).mockFailure`) to answer with an error envelope.",
            ]),
            ContainerHeader(.public, .protocol, handler), conformances: ["Sendable"],
            members: requirements)
        let routes = spec.endpoints.map(route)
        let routesDecl = Declaration.function(
            doc: Doc("A route for every endpoint, each calling this handler."),
            signature: .property(.public, "routes", type: "[\(Names.mockRoute)]"),
            body: [.collection(head: "[", elements: routes, tail: "]")])
        var routerArguments = [
            "routes: routes", "envelope: \(namespace).\(Names.envelope)",
            "errors: \(namespace).\(Names.errorCode).catalog",
        ]
        var errorBody: [Declaration] = []
        if spec.service.errorBody != nil, let shape = ErrorBodyShape(spec: spec) {
            routerArguments.append("errorBody: errorBody")
            errorBody.append(
                .function(
                    doc: Doc("The spec's error body, filled in for every error answer that brings none of its own."),
                    signature: .property(.private, "errorBody", type: Names.mockErrorBody),
                    body: [.call("\(Names.mockErrorBody)(", Self.errorBodyArguments(shape))]))
        }
        let idempotency = spec.service.idempotency
        if idempotency != Service.IdempotencyRules() {
            var rules = ["scope: .\(idempotency.scope.rawValue)"]
            if let header = idempotency.replayedHeader { rules.append("replayedHeader: \(Self.quoted(header))") }
            rules.append("keyLifetime: \(Int(idempotency.keyLifetime))")
            routerArguments.append("idempotency: \(Names.mockIdempotency)(\(rules.joined(separator: ", ")))")
        }
        let router = Declaration.function(
            doc: Doc(
                "A router over ``routes`` with the service's envelope, answering its own refusals with the spec's errors."
            ),
            signature: .property(.public, "router", type: Names.mockRouter),
            body: [.call("\(Names.mockRouter)(", routerArguments)])
        let failure = Declaration.function(
            doc: Doc("The failure a mock throws to answer with this code, its HTTP status and its default message."),
            signature: .property(.public, "mockFailure", type: Names.mockFailure),
            body: [
                .line("let info = \(namespace).\(Names.errorCode).catalog[rawValue]"),
                // An error known by its status alone sends no code.
                .line("let code = info?.byStatus == true ? nil : rawValue"),
            ] + mockFailureReturn)
        return [
            protocolDecl,
            .container(.extension(of: handler), members: [routesDecl, router] + errorBody),
            .container(.extension(of: "\(namespace).\(Names.errorCode)"), members: [failure]),
        ]
    }

    private func mockSignature(_ endpoint: Endpoint) -> Signature {
        let response = returnType(endpoint, qualified: true)
        return Signature.function(
            nil, endpoint.name,
            methodParameters(endpoint, qualified: true, defaults: false) + ["context: MockRequest"],
            " async throws(\(Names.mockFailure))" + (response.map { " -> \($0)" } ?? ""))
    }

    private func route(_ endpoint: Endpoint) -> Statement {
        var arguments: [String] = endpoint.parameters.map { parameter in
            // A date in unix time or HTTP-date form is read by its format's name, as a date.
            let asType = { (ref: TypeRef) in
                ref.formattedDate.flatMap(Self.wireTimeFormat) ?? self.swiftType(ref, qualified: true)
            }
            if case let .array(element) = parameter.type.unwrapped {
                let accessor = parameter.type.isOptional ? "parameterList" : "requiredParameterList"
                return
                    "\(parameter.name): request.\(accessor)(\(Self.quoted(parameter.wireName)), explode: \(parameter.isExploded), as: \(asType(element)).self)"
            }
            let accessor = parameter.type.isOptional ? "parameter" : "requiredParameter"
            return
                "\(parameter.name): request.\(accessor)(\(Self.quoted(parameter.wireName)), in: .\(parameter.location.rawValue), as: \(asType(parameter.type.unwrapped)).self)"
        }
        if let body = endpoint.request {
            let decode = body.isOptional ? "decodeOptionalBody" : "decodeBody"
            arguments.append("request.\(decode)(\(swiftType(body.unwrapped, qualified: true)).self)")
        }
        arguments.append("context: request")
        let call = Statement.call("try await self.\(endpoint.name)(", arguments)
        var body: [Statement]
        if let pagination = endpoint.pagination {
            body = pagedAnswer(endpoint, pagination, call)
        } else if !endpoint.responseHeaders.isEmpty {
            // The reply's headers travel beside its body; a reply without one sends no payload.
            let payload = endpoint.response == nil ? "\(Names.noContent)()" : "reply.responseBody"
            body = [
                prefixed(call, "let reply = "),
                .line(
                    "return \(Names.mockHeadedAnswer)(body: \(payload), headers: reply.responseHeaders.headerFields)"),
            ]
        } else {
            body = [call]
            if endpoint.response == nil { body.append(.line("return \(Names.noContent)()")) }
        }
        return .closure(
            "\(Names.mockRoute)(\(namespace).\(Names.operations).\(endpoint.name)) { request throws(\(Names.mockFailure)) in",
            body)
    }

    /// The end of `mockFailure`: the failure of the code's status, code and message; in a spec with
    /// conditional errors, with what tells the error apart.
    private var mockFailureReturn: [Statement] {
        let failure = "\(Names.mockFailure)(status: info?.status ?? 422, code: code, message: info?.message ?? \"\")"
        guard spec.errors.contains(where: { $0.condition != nil }) else { return [.line("return \(failure)")] }
        return [
            .line("var failure = \(failure)"), .line("failure.condition = info?.condition"), .line("return failure"),
        ]
    }

    /// A paginated route: the handler answers the whole collection, and the route cuts the page the
    /// request asks for, with the next page's cursor, or `Link`, as the service gives it.
    private func pagedAnswer(_ endpoint: Endpoint, _ pagination: Pagination, _ call: Statement) -> [Statement] {
        let wire = { (name: String?) -> String in
            name.flatMap { name in endpoint.parameters.first { $0.name == name }?.wireName }.map(Self.quoted) ?? "nil"
        }
        // With declared headers the handler answers a reply: the page is cut from its body, and its
        // headers travel beside the page's.
        let headed = !endpoint.responseHeaders.isEmpty
        let list = pagination.items.map { "answer.\($0)" } ?? "answer"
        var body: [Statement] =
            headed
            ? [
                prefixed(call, "let reply = "),
                .line("\(pagination.items == nil ? "let" : "var") answer = reply.responseBody"),
            ]
            : [prefixed(call, pagination.items == nil ? "let answer = " : "var answer = ")]
        switch pagination.style {
        case .cursor:
            body.append(
                .line(
                    "let page = try request.page(of: \(list), cursorParameter: \(wire(pagination.cursor)), sizeParameter: \(wire(pagination.size)))"
                ))
        case .afterLast:
            body.append(
                .call(
                    "let page = try request.page(",
                    [
                        "of: \(list)", "after: \(wire(pagination.cursor))",
                        "id: { $0.\(pagination.itemIDField).parameterValue }",
                        "sizeParameter: \(wire(pagination.size))",
                    ]))
        case .offset:
            body.append(
                .line(
                    "let page = try request.page(of: \(list), offsetParameter: \(wire(pagination.offsetParameter)), sizeParameter: \(wire(pagination.size)))"
                ))
        case .link, .page:
            body.append(
                .line(
                    "let page = try request.page(of: \(list), pageParameter: \(wire(pagination.pageParameter)), sizeParameter: \(wire(pagination.size)))"
                ))
        }
        if let items = pagination.items { body.append(.line("answer.\(items) = page.items")) }
        if pagination.style == .cursor, let next = pagination.next { body.append(.line("answer.\(next) = page.next")) }
        if pagination.style == .afterLast, let hasMore = pagination.hasMore {
            body.append(.line("answer.\(hasMore) = page.hasMore"))
        }
        let payload = pagination.items == nil ? "page.items" : "answer"
        let declared = headed ? "reply.responseHeaders.headerFields" : nil
        if pagination.style == .link {
            body.append(
                .line(
                    "let link = page.next.map { [\"Link\": request.link(toPage: $0, pageParameter: \(wire(pagination.pageParameter)))] }"
                ))
            if let declared {
                // The page's own Link wins over one the handler declared for the whole collection.
                body.append(.line("let headers = \(declared).merging(link ?? [:]) { _, page in page }"))
            }
            let headers = declared == nil ? "link ?? [:]" : "headers"
            body.append(.line("return \(Names.mockHeadedAnswer)(body: \(payload), headers: \(headers))"))
        } else if let declared {
            body.append(.line("return \(Names.mockHeadedAnswer)(body: \(payload), headers: \(declared))"))
        } else {
            body.append(.line("return \(payload)"))
        }
        return body
    }

    /// The typed wire codec of every operation, by name: how tests and tools round-trip the spec's
    /// examples through the generated types without the examples being copied into Swift.
    func translateCodecs() -> [Declaration] {
        let entries: [Statement] = spec.endpoints.map { endpoint in
            let request = endpoint.request.map { swiftType($0.unwrapped, qualified: true) } ?? Names.noContent
            let response = endpoint.response.map { swiftType($0, qualified: true) } ?? Names.noContent
            return .call(
                "\(Self.quoted(endpoint.name)): \(Names.wireCodec)(",
                ["request: \(request).self", "response: \(response).self"])
        }
        let all = StoredProperty(
            .public, isStatic: true, .let, "byOperation", type: "[String: \(Names.wireCodec)]",
            value: .laidOut(entries.isEmpty ? .line("[:]") : .collection(head: "[", elements: entries, tail: "]")))
        return [
            .container(
                doc: Doc(
                    "The request and response types of each operation, for round trips of the spec's examples.",
                    attributes: [.generatedSPI]), ContainerHeader(.public, .enum, namespace + "Codecs"),
                members: [.stored(all, doc: Doc("Every operation, in spec order."))])
        ]
    }

    /// The arguments of the runtime's error-body template, for a spec whose errors carry a whole body.
    static func errorBodyArguments(_ shape: ErrorBodyShape) -> [String] {
        let path = { (keys: [String]) in "[" + keys.map(quoted).joined(separator: ", ") + "]" }
        var arguments = ["template: \(jsonValueLiteral(shape.template))", "message: \(path(shape.messagePath))"]
        if let code = shape.codePath { arguments.append("code: \(path(code))") }
        if let status = shape.statusPath { arguments.append("status: \(path(status))") }
        if !shape.reasonPaths.isEmpty {
            arguments.append("reason: [\(shape.reasonPaths.map(path).joined(separator: ", "))]")
        }
        return arguments
    }

    /// A JSON value as a Swift literal of the runtime's `JSONValue`.
    static func jsonValueLiteral(_ node: JSONNode) -> String {
        switch node.value {
        case let .object(members) where members.isEmpty: "[:]"
        case let .object(members):
            "[" + members.map { "\(quoted($0.key)): \(jsonValueLiteral($0.value))" }.joined(separator: ", ") + "]"
        case let .array(elements): "[" + elements.map(jsonValueLiteral).joined(separator: ", ") + "]"
        case let .string(text): quoted(text)
        case let .number(text): text
        case let .bool(flag): flag ? "true" : "false"
        case .null: ".null"
        }
    }
}
