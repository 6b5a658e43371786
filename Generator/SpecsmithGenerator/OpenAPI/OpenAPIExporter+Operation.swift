import SpecsmithCore

extension OpenAPIExporter {
    func operation(_ resolved: ResolvedEndpoint) -> JSONNode {
        let endpoint = resolved.endpoint
        var members: [(String, JSONNode)] = [("operationId", string(endpoint.name))]
        if !endpoint.doc.isEmpty { members.append(("description", string(endpoint.doc))) }
        if endpoint.deprecated != nil { members.append(("deprecated", bool(true))) }
        if spec.service.hosts.count > 1 {
            members.append(("servers", array(servers(forHost: resolved.host))))
        }
        var parameters = endpoint.parameters.map(parameter)
        // OpenAPI ignores a header parameter named Accept: the client's pinned one is not listed.
        for header in spec.service.constantHeaders where header.name.lowercased() != "accept" {
            parameters.append(
                object([
                    ("name", string(header.name)), ("in", string("header")), ("required", bool(false)),
                    ("schema", object([("type", string("string")), ("const", string(header.value))])),
                    ("description", string("Pinned by the spec: the client sends it on every call.")),
                ]))
        }
        if let header = endpoint.idempotencyKey {
            // The client always sends one; a caller of the service that sends none gets no replay.
            parameters.append(
                object([
                    ("name", string(header)), ("in", string("header")), ("required", bool(false)),
                    ("schema", object([("type", string("string")), ("maxLength", number(255))])),
                    (
                        "description",
                        string(
                            "A key the client makes once per call and sends on every retry: the service answers a repeated key with its first answer, and refuses it with a different request."
                        )
                    ),
                ]))
        }
        if !parameters.isEmpty { members.append(("parameters", array(parameters))) }
        if let request = endpoint.request {
            let raw = rawSchema(endpoint.requestMediaType)
            var media: [(String, JSONNode)] = [("schema", raw ?? schema(request.unwrapped))]
            // An example that ends in an error stays out: fuzzers send request examples as data the
            // service must accept. A body of bytes or text has no JSON example.
            let examples = endpoint.examples.filter { $0.error == nil && raw == nil }.compactMap { example in
                example.request.map { (example.name, example.doc, $0) }
            }
            if !examples.isEmpty { media.append(("examples", exampleMap(examples))) }
            let encoding = bracketEncoding(of: endpoint)
            if !encoding.isEmpty { media.append(("encoding", object(encoding))) }
            members.append(
                (
                    "requestBody",
                    object([
                        ("required", bool(!request.isOptional)),
                        ("content", object([(endpoint.requestMediaType, object(media))])),
                    ])
                ))
        }
        members.append(("responses", object(responses(endpoint))))
        members.append(("security", array(securityAlternatives(resolved).map { object($0.map { ($0, array([])) }) })))
        members += extensions(resolved)
        return object(members)
    }

    /// The sets of schemes a call may carry, as OpenAPI lists alternatives: every required scheme,
    /// with each combination of the optional ones the client sends when it has them (none, each
    /// alone, then together). No credentials at all is no alternative, `[]`.
    private func securityAlternatives(_ resolved: ResolvedEndpoint) -> [[String]] {
        let isOptional = { (credential: Credential) in
            if case .optional = credential.requirement { true } else { false }
        }
        let required = resolved.credentials.filter { !isOptional($0) }.map(\.scheme)
        let optional = resolved.credentials.filter(isOptional).map(\.scheme)
        if required.isEmpty, optional.isEmpty { return [] }
        let masks = (0..<(1 << optional.count)).sorted { ($0.nonzeroBitCount, $0) < ($1.nonzeroBitCount, $1) }
        let subsets = masks.map { mask in optional.indices.filter { mask & (1 << $0) != 0 }.map { optional[$0] } }
        return subsets.map { subset in
            resolved.credentials.map(\.scheme).filter { required.contains($0) || subset.contains($0) }
        }
    }

    private func parameter(_ parameter: Parameter) -> JSONNode {
        let isList = parameter.type.unwrapped.isArray
        // An empty list sends nothing, as a form does, so even a required list may be absent.
        var fields: [(String, JSONNode)] = [
            ("name", string(parameter.wireName)), ("in", string(parameter.location.rawValue)),
            ("required", bool(!parameter.type.isOptional && !isList)), ("schema", schema(parameter.type.unwrapped)),
        ]
        if isList {
            fields += [("style", string("form")), ("explode", bool(parameter.isExploded))]
        }
        if !parameter.doc.isEmpty { fields.append(("description", string(parameter.doc))) }
        return object(fields)
    }

    /// What the spec says of an operation that OpenAPI has no keyword for.
    private func extensions(_ resolved: ResolvedEndpoint) -> [(String, JSONNode)] {
        let endpoint = resolved.endpoint
        var members: [(String, JSONNode)] = [
            ("x-specsmith-idempotent", bool(endpoint.idempotent)), ("x-specsmith-host", string(resolved.host)),
        ]
        if endpoint.backendOnly { members.append(("x-specsmith-backend-only", bool(true))) }
        if let header = endpoint.idempotencyKey { members.append(("x-specsmith-idempotency-key", string(header))) }
        if let pagination = endpoint.pagination {
            // Parameters and fields by their wire names, as a reader of the document sees them.
            let wire = { (name: String?) in
                name.flatMap { name in endpoint.parameters.first { $0.name == name }?.wireName }
            }
            let field = { (name: String?) -> String? in
                guard let name, case let .named(type)? = endpoint.response,
                    case let .structure(decl)? = spec.type(named: type)?.kind
                else { return nil }
                return decl.fields.first { $0.name == name }?.wireName
            }
            var facts: [(String, JSONNode)] = [("style", string(pagination.style.rawValue))]
            for (key, value) in [
                ("pageParameter", wire(pagination.pageParameter)), ("sizeParameter", wire(pagination.size)),
                ("cursorParameter", wire(pagination.cursor)), ("nextCursorField", field(pagination.next)),
                ("itemsField", field(pagination.items)),
                ("hasMoreField", field(pagination.hasMore)), ("offsetParameter", wire(pagination.offsetParameter)),
            ] {
                if let value { facts.append((key, string(value))) }
            }
            members.append(("x-specsmith-pagination", object(facts)))
        }
        let variants = spec.otps?.variants ?? []
        if let variant = variants.first(where: { $0.verify == endpoint.name || $0.resend == endpoint.name }) {
            let role = variant.verify == endpoint.name ? "verify" : "resend"
            members.append(("x-specsmith-otp", otpExtension(variant, role: role)))
        }
        return members
    }

    /// Named examples, keyed by their name with anything but ASCII letters, digits, `-` and `_` made
    /// `-` (and a number after a key already taken); the name itself is the summary.
    func exampleMap(_ examples: [(name: String, doc: String, value: JSONNode)]) -> JSONNode {
        var taken: Set<String> = []
        return object(
            examples.map { name, doc, value in
                var members: [(String, JSONNode)] = [("summary", string(name))]
                if !doc.isEmpty { members.append(("description", string(doc))) }
                members.append(("value", value))
                let base = String(
                    name.map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") ? $0 : "-" })
                var key = base
                var next = 2
                while !taken.insert(key).inserted {
                    key = "\(base)-\(next)"
                    next += 1
                }
                return (key, object(members))
            })
    }
}

extension OpenAPIExporter {
    /// How a form or multipart body writes its object and map members: in brackets
    /// (`metadata[order_id]=6735`), which OpenAPI calls `deepObject`, exploded.
    func bracketEncoding(of endpoint: Endpoint) -> [(String, JSONNode)] {
        guard ["application/x-www-form-urlencoded", "multipart/form-data"].contains(endpoint.requestMediaType),
            case let .named(name)? = endpoint.request?.unwrapped,
            case let .structure(decl)? = spec.type(named: name)?.kind
        else { return [] }
        return decl.fields.compactMap { field in
            let nested: Bool
            switch field.type.unwrapped {
            case .map: nested = true
            case let .named(type):
                if case .structure? = spec.type(named: type)?.kind { nested = true } else { nested = false }
            default: nested = false
            }
            return nested ? (field.wireName, object([("style", string("deepObject")), ("explode", bool(true))])) : nil
        }
    }
}
