import SpecsmithCore

extension TranslationContext {
    /// The element type of a paginated endpoint's pages: the items field's list, or the list the
    /// response is.
    func pageItemType(_ endpoint: Endpoint, _ pagination: Pagination, qualified: Bool = false) -> String {
        let list: TypeRef? =
            if let items = pagination.items, case let .named(name)? = endpoint.response,
                case let .structure(decl)? = spec.type(named: name)?.kind
            {
                decl.fields.first { $0.name == items }?.type
            } else {
                endpoint.response
            }
        guard case let .array(element)? = list else { return "Never" }
        return swiftType(element, qualified: qualified)
    }

    /// `<endpoint>Pages(…)`: the same parameters, the pages as an async sequence, each page one call.
    func pagesMethod(_ endpoint: Endpoint, _ pagination: Pagination) -> Declaration {
        // With declared headers a page is the reply, whose body's members read through it.
        let headed = !endpoint.responseHeaders.isEmpty
        let page = returnType(endpoint) ?? swiftType(.primitive(.string))
        let item = pageItemType(endpoint, pagination)
        let items = pagination.items.map { "\\.\($0)" } ?? (headed ? "\\.responseBody" : "\\.self")
        // The closure's one name is fresh: no parameter or type name of the spec is taken by it.
        let taken = Set(endpoint.parameters.map(\.name) + spec.types.map(\.name))
        let argument = sequence(first: 1) { $0 + 1 }.lazy.map { $0 == 1 ? "continuation" : "continuation\($0)" }
            .first { !taken.contains($0) }!
        let pages: [String]
        let fetch: Statement
        switch pagination.style {
        case .link:
            pages = ["items: \(items)"]
            fetch = .call(
                "try await \(Names.clientCoreMember).sendPage(",
                ["\(Names.operations).\(endpoint.name)", "next: \(argument)"] + parameterArguments(endpoint, indent: 20)
                    + (headed ? ["replyHeaders: \(endpoint.responseHeadersTypeName).self"] : [])
                    + ["as: \(Names.failure).self"])
        case .page:
            let number = pagination.pageParameter ?? "page"
            pages = ["items: \(items)", "numberedFrom: \(number) ?? 1"]
            fetch = .call(
                "try await self.\(endpoint.name)(", callArguments(endpoint, replacing: number, with: argument))
        case .offset:
            let offset = pagination.offsetParameter ?? "offset"
            pages = ["items: \(items)", "offsetFrom: \(offset) ?? 0"]
            fetch = .call(
                "try await self.\(endpoint.name)(", callArguments(endpoint, replacing: offset, with: argument))
        case .afterLast:
            let cursor = pagination.cursor ?? "cursor"
            pages = [
                "items: \(items)", "cursor: \(cursor)", "afterLast: \\.\(pagination.itemIDField)",
                "hasMore: \\.\(pagination.hasMore ?? "hasMore")",
            ]
            fetch = .call(
                "try await self.\(endpoint.name)(", callArguments(endpoint, replacing: cursor, with: argument))
        case .cursor:
            let cursor = pagination.cursor ?? "cursor"
            pages = ["items: \(items)", "cursor: \(cursor)", "next: \\.\(pagination.next ?? "next")"]
            fetch = .call(
                "try await self.\(endpoint.name)(", callArguments(endpoint, replacing: cursor, with: argument))
        }
        return .function(
            doc: Doc(
                [
                    "The pages of ``\(endpoint.name)\(labels(endpoint))``, fetched one call at a time as they are iterated; `items` reads the \(item) values across them.",
                    "`\(endpoint.method.rawValue) \(endpoint.path)`, paged by \(pagination.style.rawValue).",
                ],
                // Deprecated with its endpoint, so that calling it is the one warning an app sees.
                attributes: endpoint.deprecated.map { [.deprecated(message: $0)] } ?? []
            ),
            signature: Signature.function(
                .public, "\(endpoint.name)Pages", methodParameters(endpoint),
                " -> \(Names.pages)<\(page), \(item), \(Names.failure)>"),
            body: [.closure(Self.pagesHead(pages, argument: argument), [fetch])])
    }

    /// `Pages(…) { argument throws(Failure) in`, its arguments one a line when the line would pass
    /// the limit (the closure stands three levels deep, in a method of the client).
    private static func pagesHead(_ arguments: [String], argument: String) -> String {
        let tail = ") { \(argument) throws(\(Names.failure)) in"
        let single = "\(Names.pages)(" + arguments.joined(separator: ", ") + tail
        guard 12 + single.count > 120 else { return single }
        return "\(Names.pages)(\n" + arguments.map { String(repeating: " ", count: 16) + $0 }.joined(separator: ",\n")
            + "\n" + String(repeating: " ", count: 12) + tail
    }

    /// The labels of an endpoint's method, for a DocC link: `listIssues(owner:page:)`.
    private func labels(_ endpoint: Endpoint) -> String {
        "(" + endpoint.parameters.map { "\($0.name):" }.joined() + (endpoint.request == nil ? "" : "_:") + ")"
    }

    /// The arguments that call an endpoint's method with its own parameters, one replaced.
    private func callArguments(_ endpoint: Endpoint, replacing name: String, with value: String) -> [String] {
        endpoint.parameters.map { "\($0.name): \($0.name == name ? value : $0.name)" }
    }
}
