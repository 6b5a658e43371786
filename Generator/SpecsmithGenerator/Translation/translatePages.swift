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
        let page = swiftType(endpoint.response ?? .primitive(.string))
        let item = pageItemType(endpoint, pagination)
        let items = pagination.items.map { "\\.\($0)" } ?? "\\.self"
        let fetch: [Statement]
        switch pagination.style {
        case .link:
            fetch = [
                .call(
                    "try await core.sendPage(",
                    ["\(Names.operations).\(endpoint.name)", "next: next"] + parameterArguments(endpoint, indent: 20)
                        + ["as: \(Names.failure).self"])
            ]
        case .page:
            let number = pagination.pageParameter ?? "page"
            fetch = [
                .line("let number = next.flatMap { Int($0) } ?? \(number) ?? 1"),
                .call(
                    "let answer = try await self.\(endpoint.name)(",
                    callArguments(endpoint, replacing: number, with: "number")),
                .line(
                    "return (answer, \(pagination.items.map { "answer.\($0)" } ?? "answer").isEmpty ? nil : String(number + 1))"
                ),
            ]
        case .cursor:
            let cursor = pagination.cursor ?? "cursor"
            fetch = [
                .call(
                    "let answer = try await self.\(endpoint.name)(",
                    callArguments(endpoint, replacing: cursor, with: "next ?? \(cursor)")),
                .line("return (answer, answer.\(pagination.next ?? "next"))"),
            ]
        }
        return .function(
            doc: Doc(
                [
                    "The pages of ``\(endpoint.name)\(labels(endpoint))``, fetched one call at a time as they are iterated; `items` reads the \(item) values across them.",
                    "`\(endpoint.method.rawValue) \(endpoint.path)`, paged by \(pagination.style.rawValue).",
                ],
                // Deprecated with its endpoint, so that calling it is the one warning an app sees.
                attributes: endpoint.deprecated.map { ["@available(*, deprecated, message: \(Self.quoted($0)))"] } ?? []
            ),
            signature: Signature(
                "public func \(endpoint.name)Pages", methodParameters(endpoint),
                " -> \(Names.pages)<\(page), \(item)>"),
            body: [
                .closure(
                    "\(Names.pages)(items: \(items)) { next in", fetch)
            ])
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
