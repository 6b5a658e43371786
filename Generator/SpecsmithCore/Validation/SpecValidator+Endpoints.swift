@_spi(Generated) import SpecsmithRuntime

extension SpecValidator {
    mutating func checkEndpoints() {
        let hostNames = spec.service.hosts.map(\.name)
        let errorNames = spec.errors.map(\.name)
        for endpoint in spec.endpoints {
            checkIdentifier(endpoint.name, what: "endpoint \"\(endpoint.name)\"", at: endpoint.location)
            // An endpoint without "host" is on the first host the service declares.
            if !endpoint.host.isEmpty, !hostNames.contains(endpoint.host) {
                reportUnknown("host", endpoint.host, among: hostNames, at: endpoint.hostLocation)
            }
            checkParameters(of: endpoint)
            checkSuccess(of: endpoint)
            checkIdempotencyKey(of: endpoint)
            checkCredentialHeaders(of: endpoint)
            checkContentType(of: endpoint)
            checkNotModified(of: endpoint)
            checkResponseContentType(of: endpoint)
            if let pagination = endpoint.pagination { checkPagination(pagination, of: endpoint) }
            for (ref, location, role) in [
                (endpoint.request, endpoint.requestLocation, "request"),
                (endpoint.response, endpoint.responseLocation, "response"),
            ] {
                guard let ref else { continue }
                checkTypeRef(ref, at: location)
                checkNoFormattedDate(ref, in: "the \(role) of \"\(endpoint.name)\"", at: location)
                if role == "request", !Endpoint.rawMediaTypes.contains(endpoint.requestMediaType),
                    case let .named(name) = ref.unwrapped, let decl = resolve(name),
                    structDecl(ref.unwrapped) == nil
                {
                    diagnostics.error(
                        "the request of \"\(endpoint.name)\" must be a struct, but \"\(name)\" is \(decl.kindName == "enum" ? "an" : "a") \(decl.kindName)",
                        at: location)
                }
            }
            if endpoint.request != nil, endpoint.method == .get {
                diagnostics.error(
                    "GET endpoint \"\(endpoint.name)\" cannot have a request body", at: endpoint.requestLocation,
                    note: "send the values as query parameters, or use POST")
            }
            for entry in endpoint.errors where !errorNames.contains(entry.name) {
                reportUnknown("error", entry.name, among: errorNames, at: entry.location)
            }
            for example in endpoint.examples {
                if let error = example.error, !errorNames.contains(error) {
                    reportUnknown("error", error, among: errorNames, at: example.location)
                }
                if example.response != nil, example.error != nil {
                    diagnostics.error(
                        "example \"\(example.name)\" has both a response and an error", at: example.location,
                        note: "an example answers with one of them")
                }
            }
        }
    }

    private mutating func checkParameters(of endpoint: Endpoint) {
        let templateNames = endpoint.pathTemplateNames
        var seen: Set<String> = []
        for parameter in endpoint.parameters {
            checkIdentifier(
                parameter.name, what: "parameter \"\(parameter.name)\"", at: parameter.sourceLocation,
                allowingMetatypeNames: true)
            checkTypeRef(parameter.type, at: parameter.typeLocation)
            let isQueryList = parameter.location == .query && parameter.type.unwrapped.isArray
            if let problem = parameterTypeProblem(parameter.type, inQuery: parameter.location == .query) {
                diagnostics.error(
                    "\(parameter.location.rawValue) parameter \"\(parameter.name)\" cannot be \(problem)",
                    at: parameter.typeLocation,
                    note: parameter.location == .query
                        ? "a query parameter is one string, number, bool, date, URL, UUID, enum or value type,"
                            + " or a list of them; send anything else in the body"
                        : "a \(parameter.location.rawValue) parameter is one string, number, bool, date, URL, UUID,"
                            + " enum or value type; send a list or an object in the body")
            }
            if let at = parameter.explodeLocation, !isQueryList {
                diagnostics.error(
                    "\"explode\" applies to a list in the query, but \(parameter.location.rawValue) parameter \"\(parameter.name)\" is \(parameter.type)",
                    at: at, note: "remove \"explode\"")
            }
            if !seen.insert(parameter.name).inserted {
                diagnostics.error("duplicate parameter \"\(parameter.name)\"", at: parameter.sourceLocation)
            }
            if parameter.location == .path {
                if !templateNames.contains(parameter.wireName) {
                    diagnostics.error(
                        "path parameter \"\(parameter.name)\" is not used in the path \"\(endpoint.path)\"",
                        at: parameter.sourceLocation,
                        note: "add {\(parameter.wireName)} to the path, or make it a query parameter")
                }
                if parameter.type.isOptional {
                    diagnostics.error(
                        "path parameter \"\(parameter.name)\" cannot be optional", at: parameter.typeLocation)
                }
            }
        }
        let declared = endpoint.parameters.filter { $0.location == .path }.map(\.wireName)
        for name in templateNames where !declared.contains(name) {
            diagnostics.error(
                "the path uses {\(name)}, but no path parameter \"\(name)\" is declared", at: endpoint.pathLocation,
                note: "declare it under \"parameters\" with \"in\": \"path\"")
        }
    }

    /// The declared success status and response headers: a status a success can have, no body with
    /// a `204`, and headers that are one value each, under distinct token names.
    private mutating func checkSuccess(of endpoint: Endpoint) {
        let statuses = [200, 201, 202, 203, 204]
        if let at = endpoint.successStatusLocation, !statuses.contains(endpoint.successStatus) {
            diagnostics.error(
                "\(endpoint.successStatus) is not a success status \"\(endpoint.name)\" can declare", at: at,
                note:
                    "use one of \(statuses.map(String.init).joined(separator: ", ")); errors are declared under \"errors\""
            )
        }
        if endpoint.successStatus == 204, endpoint.response != nil {
            diagnostics.error(
                "\"\(endpoint.name)\" answers 204 No Content, which has no body, but declares a response",
                at: endpoint.responseLocation, note: "remove \"response\", or declare status 200")
        }
        // A success marker beside a bare payload is one of the payload's members: only a struct has them.
        let envelope = spec.service.envelope
        if let marker = envelope.successMarker, envelope.dataField == nil, endpoint.responseMediaType == nil,
            let response = endpoint.response, structDecl(response) == nil,
            response.namedTypes.allSatisfy({ resolve($0) != nil })
        {
            diagnostics.error(
                "the response of \"\(endpoint.name)\" is no struct, so it cannot carry the success marker \"\(marker.field)\"",
                at: endpoint.responseLocation,
                note: "answer a struct, or put the payload under the envelope's \"data\" member")
        }
        // The service's headers, which every endpoint carries, are checked once, as the service's.
        let shared = Set(spec.service.responseHeaders.map(\.sourceLocation))
        checkResponseHeaders(
            endpoint.responseHeaders.filter { !shared.contains($0.sourceLocation) }, of: "\"\(endpoint.name)\"")
        // The service's shared type is checked once too, with the first endpoint that has it.
        let firstSharing = spec.endpoints.first(where: \.sharesServiceHeaders)?.name == endpoint.name
        guard !endpoint.sharesServiceHeaders || firstSharing, let first = endpoint.responseHeaders.first else { return }
        let typeName = endpoint.responseHeadersTypeName
        if let clash = resolve(typeName) {
            diagnostics.error(
                "the response headers of \"\(endpoint.name)\" are the generated type \"\(typeName)\", which the \(clash.kindName) of that name takes",
                at: first.sourceLocation, note: "rename the type")
        } else if GeneratedNames.reservedTypeNames(withOTPs: spec.otps != nil).contains(typeName) {
            diagnostics.error(
                "the response headers of \"\(endpoint.name)\" would be the generated type \"\(typeName)\", a name generated code needs for itself",
                at: first.sourceLocation, note: "rename the endpoint")
        }
    }

    /// Response headers of one owner (an endpoint, or the service): identifiers, header types and
    /// names, each name once whatever its case.
    mutating func checkResponseHeaders(_ headers: [Parameter], of owner: String) {
        var names: Set<String> = []
        var wireNames: Set<String> = []
        for header in headers {
            let what = "response header \"\(header.name)\" of \(owner)"
            checkIdentifier(header.name, what: what, at: header.sourceLocation, allowingMetatypeNames: true)
            checkTypeRef(header.type, at: header.typeLocation)
            if let problem = parameterTypeProblem(header.type, inQuery: false) {
                diagnostics.error(
                    "\(what) cannot be \(problem)", at: header.typeLocation,
                    note: "a header is one string, number, bool, date, URL, UUID, enum or value type")
            }
            if !HTTPHeaderName.isToken(header.wireName) {
                diagnostics.error(
                    "\"\(header.wireName)\" is not an HTTP header name", at: header.sourceLocation,
                    note: "a header name is letters, digits and !#$%&'*+-.^_`|~")
            }
            if !names.insert(header.name).inserted {
                diagnostics.error("duplicate \(what)", at: header.sourceLocation)
            }
            if !wireNames.insert(header.wireName.lowercased()).inserted {
                diagnostics.error(
                    "\(what) repeats the header \(header.wireName), whose name is not case-sensitive",
                    at: header.sourceLocation)
            }
        }
    }

    /// The idempotency key travels in a header of its own: a header name that no parameter sends.
    private mutating func checkIdempotencyKey(of endpoint: Endpoint) {
        guard let header = endpoint.idempotencyKey, let at = endpoint.idempotencyKeyLocation else { return }
        if !HTTPHeaderName.isToken(header) {
            diagnostics.error(
                "the idempotency key header \"\(header)\" of \"\(endpoint.name)\" is not an HTTP header name", at: at,
                note: "such as \"Idempotency-Key\"")
        }
        if let parameter = endpoint.parameters.first(where: {
            $0.location == .header && $0.wireName.caseInsensitiveCompare(header) == .orderedSame
        }) {
            diagnostics.error(
                "the header parameter \"\(parameter.name)\" of \"\(endpoint.name)\" is the idempotency key's header \(header)",
                at: parameter.sourceLocation,
                note:
                    "the client makes the key itself, or sends the caller's own (idempotencyKey:); remove the parameter"
            )
        }
        if endpoint.method == .get {
            diagnostics.error(
                "GET endpoint \"\(endpoint.name)\" is idempotent already and takes no idempotency key", at: at,
                note: "remove \"idempotencyKey\"")
        }
    }

    /// A header parameter that is also a credential's header would be sent twice: once by the
    /// client from its keys or session, once from the caller's argument.
    private mutating func checkCredentialHeaders(of endpoint: Endpoint) {
        let names = endpoint.auth?.map(\.name) ?? spec.service.defaultAuth
        let schemes = spec.service.authSchemes.filter { names.contains($0.name) && $0.query == nil }
        // A session and a key in one header would go out merged into one value no server reads.
        // (Two keys in one header are refused for the service, where the client holds them.)
        for (index, scheme) in schemes.enumerated() {
            guard
                let other = schemes[..<index].first(where: {
                    $0.header.lowercased() == scheme.header.lowercased()
                        && ($0.kind != .appKey || scheme.kind != .appKey)
                })
            else { continue }
            diagnostics.error(
                "\"\(endpoint.name)\" sends both \"\(other.name)\" and \"\(scheme.name)\" in \(scheme.header)",
                at: endpoint.location, note: "a request carries one credential in each header; keep one in \"auth\"")
        }
        for parameter in endpoint.parameters where parameter.location == .header {
            guard let scheme = schemes.first(where: { $0.header.lowercased() == parameter.wireName.lowercased() })
            else { continue }
            diagnostics.error(
                "the header parameter \"\(parameter.name)\" of \"\(endpoint.name)\" is the header \(scheme.header) "
                    + "that the auth scheme \"\(scheme.name)\" sends",
                at: parameter.sourceLocation,
                note: "the client sends the credential itself; remove the parameter, or the scheme from \"auth\"")
        }
        for parameter in endpoint.parameters where parameter.location == .header {
            guard
                let constant = spec.service.constantHeaders.first(where: {
                    $0.name.lowercased() == parameter.wireName.lowercased()
                })
            else { continue }
            diagnostics.error(
                "the header parameter \"\(parameter.name)\" of \"\(endpoint.name)\" is the header \(constant.name) "
                    + "that the service sends on every call",
                at: parameter.sourceLocation,
                note:
                    "remove the parameter, or the header from the service's \"headers\" (written at \(constant.location))"
            )
        }
    }

    /// A paginated endpoint is a GET whose answer is a list, or a struct with a list field; its
    /// page, size and cursor are optional query parameters of the right type, and a cursor's next
    /// one is an optional string field of the answer.
    private mutating func checkPagination(_ pagination: Pagination, of endpoint: Endpoint) {
        let at = pagination.location
        let what = "the pagination of \"\(endpoint.name)\""
        if endpoint.method != .get {
            diagnostics.error("\(what) needs a GET endpoint", at: at, note: "pages are read, not written")
        }
        guard let response = endpoint.response, !isUnresolved(response) else {
            // A response that could not be read is reported where it is written.
            if endpoint.response == nil, endpoint.responseLocation == endpoint.location {
                diagnostics.error("\(what) needs a response to page", at: at)
            }
            return
        }
        let answer = structDecl(response)
        if let items = pagination.items {
            guard let answer else {
                return diagnostics.error(
                    "\(what) names the items field \"\(items)\", but the response \(response) is no struct", at: at)
            }
            let field = answer.fields.first { $0.name == items }
            // A field whose type could not be read is reported there.
            if !isUnresolved(field?.type), field?.type.isArray != true || field?.nullable == true {
                diagnostics.error(
                    "\(what) names the items field \"\(items)\", which is no list field of \(response)", at: at,
                    note: "name a field whose type is a list, such as [Issue]")
            }
        } else if !response.isArray {
            diagnostics.error(
                "\(what) pages \(response), which is no list", at: at,
                note: "answer a list, or name the field that holds the page's items with \"items\"")
        }
        func queryParameter(_ name: String?, _ role: String, _ type: TypeRef) {
            guard let name else { return }
            let parameter = endpoint.parameters.first { $0.name == name && $0.location == .query }
            if parameter?.type != .optional(type) {
                diagnostics.error(
                    "\(what) names the \(role) parameter \"\(name)\", which is no \(TypeRef.optional(type)) query parameter",
                    at: at, note: "declare it under \"parameters\" with \"in\": \"query\"")
            }
        }
        queryParameter(pagination.pageParameter, "page", .primitive(.int))
        queryParameter(pagination.size, "size", .primitive(.int))
        queryParameter(pagination.offsetParameter, "offset", .primitive(.int))
        if pagination.style != .offset, pagination.offset != nil {
            diagnostics.error(
                "\(what) is by \(pagination.style.rawValue), so it has no \"offset\"", at: at,
                note: "remove \"offset\", or page with \"offset\"")
        }
        switch pagination.style {
        case .cursor:
            guard let cursor = pagination.cursor, let next = pagination.next else {
                return diagnostics.error(
                    "\(what) is by cursor, so it needs \"cursor\" (the query parameter) and \"next\" (the response field)",
                    at: at)
            }
            queryParameter(cursor, "cursor", .primitive(.string))
            let field = answer?.fields.first { $0.name == next }
            if field?.type != .optional(.primitive(.string)) || field?.nullable == true {
                diagnostics.error(
                    "\(what) names the next cursor \"\(next)\", which is no string? field of \(response)", at: at)
            }
            if pagination.page != nil {
                diagnostics.error("\(what) is by cursor, so it has no \"page\"", at: at, note: "remove \"page\"")
            }
        case .afterLast:
            checkAfterLast(pagination, of: endpoint, answer: answer, what: what)
        case .offset:
            for (key, value) in [("page", pagination.page), ("cursor", pagination.cursor), ("next", pagination.next)]
            where value != nil {
                diagnostics.error(
                    "\(what) is by offset, so it has no \"\(key)\"", at: at, note: "remove \"\(key)\"")
            }
        case .link, .page:
            for (key, value) in [("cursor", pagination.cursor), ("next", pagination.next)] where value != nil {
                diagnostics.error(
                    "\(what) is by page number, so it has no \"\(key)\"", at: at, note: "remove \"\(key)\"")
            }
        }
        if pagination.style != .afterLast {
            for (key, value) in [("itemID", pagination.itemID), ("hasMore", pagination.hasMore)] where value != nil {
                diagnostics.error(
                    "\(what) is by \(pagination.style.rawValue), so it has no \"\(key)\"", at: at,
                    note: "remove \"\(key)\", or page with \"afterLast\"")
            }
        }
    }

    /// Paging after the last item: a struct answer with its items in a field, a required `bool`
    /// flag that more follow, items with a required id that travels as a parameter, and an
    /// optional query parameter of that id's type to send it in.
    private mutating func checkAfterLast(
        _ pagination: Pagination, of endpoint: Endpoint, answer: StructDecl?, what: String
    ) {
        let at = pagination.location
        guard let cursor = pagination.cursor, let hasMore = pagination.hasMore, let items = pagination.items,
            let answer
        else {
            return diagnostics.error(
                "\(what) is after the last item, so it needs \"cursor\" (the query parameter), \"items\" and \"hasMore\" (fields of a struct response)",
                at: at)
        }
        for (key, value) in [("page", pagination.page), ("next", pagination.next)] where value != nil {
            diagnostics.error(
                "\(what) is after the last item, so it has no \"\(key)\"", at: at, note: "remove \"\(key)\"")
        }
        let flag = answer.fields.first { $0.name == hasMore }
        if flag?.type != .primitive(.bool) || flag?.nullable == true {
            diagnostics.error(
                "\(what) names the flag \"\(hasMore)\", which is no required bool field of \(endpoint.response.map { "\($0)" } ?? "the response")",
                at: at, note: "declare it, such as \"hasMore\": {\"type\": \"bool\", \"wire\": \"has_more\"}")
        }
        let itemsType = answer.fields.first(where: { $0.name == items })?.type
        guard case let .array(.named(itemType))? = itemsType, case let .structure(item)? = resolve(itemType)?.kind
        else {
            // An items field or an item type that could not be read is reported where it is written.
            if isUnresolved(itemsType) { return }
            return diagnostics.error(
                "\(what) pages after the last item, so its items must be structs with an id", at: at)
        }
        let id = pagination.itemIDField
        guard let idField = item.fields.first(where: { $0.name == id }), !idField.type.isOptional, !idField.nullable,
            parameterTypeProblem(idField.type, inQuery: false) == nil
        else {
            return diagnostics.error(
                "\(what) starts each page after the last item's \"\(id)\", which is no required field of \(itemType) that travels in a query",
                at: at, note: "name the item's id with \"itemID\"")
        }
        let parameter = endpoint.parameters.first { $0.name == cursor && $0.location == .query }
        if !isUnresolved(idField.type), parameter?.type != .optional(idField.type) {
            diagnostics.error(
                "\(what) names the cursor parameter \"\(cursor)\", which is no \(TypeRef.optional(idField.type)) query parameter",
                at: at, note: "the cursor is the id of an item, so it has the type of \(itemType).\(id)")
        }
    }

    /// Why a parameter cannot have type `ref`, or `nil` when it can: what generated code writes into
    /// a path, a query or a header is one `ParameterValue` (primitives but bytes, enums and value
    /// types); lists, maps, structs and unions would not compile.
    private func parameterTypeProblem(_ ref: TypeRef, inQuery: Bool) -> String? {
        switch ref.unwrapped {
        case let .array(element):
            // A query list is its elements, repeated or joined by commas: each one value.
            guard inQuery, !element.isOptional, !element.isArray else { return "a list (\(ref))" }
            return parameterTypeProblem(element, inQuery: false)
        case .map: return "a map (\(ref))"
        case .primitive(.bytes): return "bytes"
        case .primitive(.file): return "a file"
        case .primitive(.json): return "free-form JSON"
        case .primitive: return nil
        case let .named(name):
            switch spec.type(named: name)?.kind {
            case .structure?: return "the struct \"\(name)\""
            case .union?: return "the union \"\(name)\""
            case .enumeration?, .value?: return nil
            case nil: return spec.otps?.variants.contains { $0.name == name } == true ? "the OTP \"\(name)\"" : nil
            }
        case .optional: return nil
        }
    }
}
