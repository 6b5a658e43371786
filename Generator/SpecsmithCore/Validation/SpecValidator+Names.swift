extension SpecValidator {
    /// The type names generated client and mock code spells inside a client or handler: a method
    /// (an endpoint) or a parameter of the same name would be found there first.
    var typeNamesInClientCode: Set<String> {
        var names = Set(spec.types.filter { $0.parentName == nil }.map(\.name))
        names.formUnion(spec.otps?.variants.map(\.name) ?? [])
        names.formUnion(GeneratedNames.reservedTypeNames(withOTPs: spec.otps != nil, features: features))
        names.formUnion(GeneratedNames.mockLibraryTypes)
        // Locals and the placeholder hide nothing a member or a parameter of that name would.
        names.subtract(GeneratedNames.bodyNames + [GeneratedNames.redacted])
        return names
    }

    /// Members (fields, cases, constants) are found before types inside their declaration, which
    /// spells the standard and runtime types and the spec's own: a member may not take one of them.
    mutating func checkMemberNames() {
        // Only the generated failure spells `LocalizedError`, and no spec type holds that code; the
        // namespace's `envelope` is a static property, always spelled qualified.
        // Models never spell the backend's client either.
        let types = typeNamesInClientCode.subtracting([
            "LocalizedError", GeneratedNames.envelope, GeneratedNames.wireSessions, GeneratedNames.backendClient,
        ])
        for type in spec.types {
            var members: [(name: String, location: SourcePosition)] = []
            switch type.kind {
            case let .structure(decl): members = decl.fields.map { ($0.name, $0.location) }
            case let .enumeration(decl): members = decl.cases.map { ($0.name, $0.location) }
            case let .union(decl): members = decl.cases.map { ($0.name, $0.location) }
            case let .value(decl): members = decl.constants.map { ($0.name, $0.location) }
            }
            // Only an open enum spells `RawRepresentable` (its conformance): a closed one is `String`-backed.
            let spelled: Set<String> =
                if case let .enumeration(decl) = type.kind, !decl.isOpen {
                    types.subtracting(["RawRepresentable"])
                } else {
                    types
                }
            for member in members where spelled.contains(member.name) {
                diagnostics.error(
                    "the member name \"\(member.name)\" of \"\(type.name)\" is taken by generated code",
                    at: member.location, note: "it is a type the generated code names inside \"\(type.name)\"")
            }
        }
    }

    /// Endpoints name client methods, and parameters name their parameters: neither may take a
    /// type name the client spells, nor a member or local the generated code has.
    mutating func checkClientNames() {
        // Conformances the client and the mock's routes never spell: only models declare them. The
        // namespace's `envelope` is always spelled qualified.
        let types = typeNamesInClientCode.subtracting(
            GeneratedNames.modelConformances + [GeneratedNames.envelope, GeneratedNames.wireSessions])
        // The client's engine, and the method that restores a session where there is one.
        var members: Set<String> = [GeneratedNames.clientCoreMember]
        if spec.service.authSchemes.contains(where: { if case .sessionToken = $0.kind { true } else { false } }) {
            members.insert(GeneratedNames.restoreSession)
        }
        // A paginated endpoint's pages method is a member of the client too.
        let pagesMethods = Set(spec.endpoints.filter { $0.pagination != nil }.map { $0.name + "Pages" })
        for endpoint in spec.endpoints where pagesMethods.contains(endpoint.name) {
            diagnostics.error(
                "the endpoint name \"\(endpoint.name)\" is taken by the pages method of a paginated endpoint",
                at: endpoint.location, note: "rename one of them")
        }
        for endpoint in spec.endpoints {
            if types.contains(endpoint.name) || members.contains(endpoint.name) {
                diagnostics.error(
                    "the endpoint name \"\(endpoint.name)\" is taken by generated code", at: endpoint.location,
                    note: types.contains(endpoint.name)
                        ? "it is a type the client names; endpoints are methods, usually lowerCamelCase"
                        : "the client has a member of that name")
            }
            // The engine, the request body (`_ request`) and, in the mock, the request and its context.
            var locals: Set<String> = [GeneratedNames.clientCoreMember, "context"]
            if endpoint.request != nil { locals.insert("request") }
            // The caller's own idempotency key.
            if endpoint.idempotencyKey != nil { locals.insert("idempotencyKey") }
            // A type's schema is spelled in its own extension, never in a method that takes parameters.
            let spelled = types.subtracting([GeneratedNames.wireSchema, GeneratedNames.wireValidated])
            for parameter in endpoint.parameters
            where spelled.contains(parameter.name) || locals.contains(parameter.name) {
                diagnostics.error(
                    "the parameter name \"\(parameter.name)\" of \"\(endpoint.name)\" is taken by generated code",
                    at: parameter.sourceLocation, note: "rename it and keep its wire name with \"wire\"")
            }
            // A response header is a property of the headers struct, beside the member that writes them.
            // The service's headers are every endpoint's: they are reported with the first endpoint.
            let shared = Set(spec.service.responseHeaders.map(\.sourceLocation))
            let isFirst = spec.endpoints.first?.name == endpoint.name
            for header in endpoint.responseHeaders
            where (types.contains(header.name) || header.name == GeneratedNames.headerFieldsMember)
                && (isFirst || !shared.contains(header.sourceLocation))
            {
                diagnostics.error(
                    "the response header name \"\(header.name)\" of \"\(endpoint.name)\" is taken by generated code",
                    at: header.sourceLocation, note: "rename it and keep its wire name with \"wire\"")
            }
            checkReplyMembers(of: endpoint)
        }
    }

    /// An endpoint with response headers answers a reply whose body members read through it; a body
    /// member named like one of the reply's own would be hidden by it.
    private mutating func checkReplyMembers(of endpoint: Endpoint) {
        guard !endpoint.responseHeaders.isEmpty, case let .named(name)? = endpoint.response?.unwrapped,
            case let .structure(decl)? = spec.types.first(where: { $0.name == name })?.kind
        else { return }
        for field in decl.fields where GeneratedNames.replyMembers.contains(field.name) {
            diagnostics.error(
                "the member name \"\(field.name)\" of \"\(name)\" is hidden on the reply of \"\(endpoint.name)\"",
                at: field.location,
                note: "the reply keeps \(GeneratedNames.replyMembers.joined(separator: ", ")) for itself; "
                    + "rename the member and keep its wire name with \"wire\"")
        }
    }

    /// Generated code names a top-level type as it is, so inside a type that nests one of the
    /// same name, the nested one is found instead and values decode as the wrong type.
    mutating func checkNestedShadowing() {
        let topLevel = Set(spec.types.filter { $0.parentName == nil }.map(\.name))
        for nested in spec.types {
            guard let parent = nested.parentName, topLevel.contains(nested.localName) else { continue }
            // Every type declared inside the parent sees the nested name first.
            let inside = spec.types.filter { $0.name == parent || $0.name.hasPrefix(parent + ".") }
            guard
                let user = inside.first(where: { type in
                    ResolvedSpec.memberTypes(of: type).contains(nested.localName)
                })
            else { continue }
            diagnostics.error(
                "the nested type \"\(nested.name)\" hides the type \"\(nested.localName)\" that \"\(user.name)\" names",
                at: nested.location,
                note:
                    "rename the nested type, for example to \"\(parent.split(separator: ".").last ?? "")\(nested.localName)\""
            )
        }
    }

    /// What the spec has that makes generated code spell more standard and runtime types.
    static func features(of spec: Spec) -> Set<GeneratedNames.Feature> {
        var refs: [TypeRef] = spec.endpoints.flatMap {
            [$0.request, $0.response].compactMap { $0 } + $0.parameters.map(\.type) + $0.responseHeaders.map(\.type)
        }
        var found: Set<GeneratedNames.Feature> = []
        if !TypeRecursion(spec).indirectFields.isEmpty { found.insert(.indirect) }
        for type in spec.types {
            switch type.kind {
            case let .structure(decl):
                refs += decl.fields.map(\.type)
                if decl.fields.contains(where: { $0.wireName != $0.name || $0.defaultValue != nil }) {
                    found.insert(.codingKeys)
                }
                if decl.fields.contains(where: \.isThreeState) { found.insert(.nullable) }
                if decl.fields.contains(where: \.isRequiredNullable) { found.insert(.codingKeys) }
                if decl.fields.contains(where: { $0.sensitive || spec.isSensitive($0.type) }) {
                    found.insert(.redaction)
                }
                for field in decl.fields {
                    if case .primitive(.date) = field.type.unwrapped, case .string? = field.defaultValue?.value {
                        found.insert(.wireCoding)
                    }
                }
            case let .enumeration(decl):
                found.insert(.parameterValues)
                if !decl.isOpen { found.insert(.closedEnum) }
            case let .union(decl):
                refs += decl.cases.compactMap(\.payload)
                found.formUnion(decl.isChosenByShape ? [.shapeUnions] : [.codingKeys, .unions])
            case let .value(decl):
                refs.append(.primitive(decl.base))
                found.formUnion([.valueTypes, .parameterValues])
                if !decl.rules.isEmpty { found.insert(.valueRules) }
                if decl.sensitive { found.insert(.redaction) }
                // Number rules are checked as decimals, and a scale encodes by hand.
                if !decl.rules.isEmpty, decl.base != .string { found.insert(.decimal) }
                if decl.rules.contains(where: { if case .scale = $0.kind { true } else { false } }) {
                    found.formUnion([.codingKeys, .wireCoding])
                }
            }
        }
        if !spec.issuedSessions.isEmpty { found.insert(.sessions) }
        if spec.endpoints.contains(where: { $0.response == nil }) { found.insert(.noContent) }
        if spec.endpoints.contains(where: { !$0.responseHeaders.isEmpty }) { found.insert(.responseHeaders) }
        if spec.endpoints.contains(where: { $0.pagination != nil }) { found.insert(.pagination) }
        if spec.endpoints.contains(where: \.answersNotModified) { found.insert(.conditional) }
        if spec.endpoints.contains(where: { $0.parameters.contains { $0.type.unwrapped.isArray } }) {
            found.insert(.queryLists)
        }
        for variant in spec.otps?.variants ?? [] {
            for name in [variant.verify, variant.resend] where spec.endpoint(named: name)?.request == nil {
                found.insert(.noContent)
            }
        }
        func visit(_ ref: TypeRef) {
            switch ref {
            case let .primitive(primitive):
                switch primitive {
                case .bool: found.insert(.bool)
                case .int64: found.insert(.int64)
                case .json: found.insert(.json)
                case .uint64: found.insert(.uint64)
                case .double: found.insert(.double)
                case .decimal: found.insert(.decimal)
                case .date: found.insert(.date)
                case .unixSeconds, .unixMilliseconds, .httpDate: found.formUnion([.date, .wireTime])
                case .uuid: found.insert(.uuid)
                case .bytes: found.insert(.data)
                case .file: found.insert(.files)
                case .string, .int, .url: break
                }
            case .named: break
            case let .array(inner), let .map(inner), let .optional(inner): visit(inner)
            }
        }
        refs.forEach(visit)
        return found
    }
}
