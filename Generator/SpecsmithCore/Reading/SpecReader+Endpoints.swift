import SpecsmithRuntime

extension SpecReader {
    mutating func readEndpoints(_ node: JSONNode) -> [Endpoint] {
        namedObjects(node, what: "endpoints").compactMap { name, location, value in
            readEndpoint(name: name, location: location, value)
        }
    }

    private mutating func readEndpoint(name: String, location: SourcePosition, _ node: JSONNode) -> Endpoint? {
        let what = "endpoint \"\(name)\""
        guard var object = ObjectReader(node, what: what, diagnostics: &diagnostics) else { return nil }
        let doc = object.string("doc", diagnostics: &diagnostics)?.0 ?? ""
        var method: RequestMethod?
        if let (text, at) = object.requiredString("method", diagnostics: &diagnostics) {
            method = Endpoint.methods.first { $0.rawValue == text }
            if method == nil {
                diagnostics.error(
                    "unknown HTTP method \"\(text)\" in \(what)", at: at,
                    note: "use one of \(Endpoint.methods.map(\.rawValue).joined(separator: ", "))")
            }
        }
        let host = object.string("host", diagnostics: &diagnostics)
        let path = object.requiredString("path", diagnostics: &diagnostics)
        if let path, !path.0.hasPrefix("/") {
            diagnostics.error("the path of \(what) must start with \"/\"", at: path.1)
        }
        var parameters: [Parameter] = []
        if let parametersNode = object.object("parameters", diagnostics: &diagnostics) {
            for member in parametersNode.members ?? [] {
                if let parameter = readParameter(
                    name: member.key, location: member.keyLocation, member.value, owner: what)
                {
                    parameters.append(parameter)
                }
            }
        }
        let requestNode = object.value("request")
        let request = requestNode.flatMap { typeRef($0, key: "request") }
        let responseNode = object.value("response")
        let response = responseNode.flatMap { typeRef($0, key: "response") }
        let status = object.int("status", diagnostics: &diagnostics)
        let idempotencyKey = object.string("idempotencyKey", diagnostics: &diagnostics)
        let contentType = object.string("contentType", diagnostics: &diagnostics)
        let responseContentType = object.string("responseContentType", diagnostics: &diagnostics)
        let notModified = object.bool("notModified", diagnostics: &diagnostics)
        let notModifiedLocation = object.value("notModified")?.location
        let pagination = object.object("pagination", diagnostics: &diagnostics).flatMap {
            readPagination($0, owner: what)
        }
        var responseHeaders: [Parameter] = []
        for member in object.object("responseHeaders", diagnostics: &diagnostics)?.members ?? [] {
            if let header = readParameter(
                name: member.key, location: member.keyLocation, member.value, owner: what, fixedAt: .header)
            {
                responseHeaders.append(header)
            }
        }
        let errors = object.strings("errors", diagnostics: &diagnostics)?.map { (name: $0.0, location: $0.1) } ?? []
        let idempotent = object.bool("idempotent", diagnostics: &diagnostics) ?? (method == .get)
        let backendOnly = object.bool("backendOnly", diagnostics: &diagnostics) ?? false
        let auth = object.strings("auth", diagnostics: &diagnostics)?.map { name, location in
            name.hasSuffix("?")
                ? (name: String(name.dropLast()), location: location, optional: true)
                : (name: name, location: location, optional: false)
        }
        let examples = object.array("examples", diagnostics: &diagnostics).map { readExamples($0, owner: what) } ?? []
        let deprecated = object.string("deprecated", diagnostics: &diagnostics)?.0
        object.finish(diagnostics: &diagnostics, keys: &keysRead)
        guard let method, let path else { return nil }
        var endpoint = Endpoint(
            name: name, doc: doc, method: method, host: host?.0 ?? "", hostLocation: host?.1 ?? location,
            path: path.0, pathLocation: path.1, parameters: parameters, request: request,
            requestLocation: requestNode?.location ?? location, response: response,
            responseLocation: responseNode?.location ?? location, errors: errors, idempotent: idempotent,
            backendOnly: backendOnly, auth: auth,
            examples: examples, deprecated: deprecated, location: location)
        endpoint.successStatus = status?.0 ?? 200
        endpoint.successStatusLocation = status?.1
        endpoint.responseHeaders = responseHeaders
        endpoint.idempotencyKey = idempotencyKey?.0
        endpoint.idempotencyKeyLocation = idempotencyKey?.1
        if let (mediaType, at) = contentType {
            endpoint.requestMediaType = mediaType
            endpoint.requestMediaTypeLocation = at
        }
        endpoint.pagination = pagination
        endpoint.answersNotModified = notModified ?? false
        endpoint.responseMediaType = responseContentType?.0
        endpoint.responseMediaTypeLocation = responseContentType?.1
        endpoint.notModifiedLocation = notModifiedLocation
        return endpoint
    }

    /// A parameter, or with `fixedAt` a response header, which has no `in`.
    mutating func readParameter(
        name: String, location: SourcePosition, _ node: JSONNode, owner: String, fixedAt: Parameter.Location? = nil
    ) -> Parameter? {
        let what = "\(fixedAt == nil ? "parameter" : "response header") \"\(name)\" of \(owner)"
        guard var object = ObjectReader(node, what: what, diagnostics: &diagnostics) else { return nil }
        var place = fixedAt
        if fixedAt == nil, let (text, at) = object.requiredString("in", diagnostics: &diagnostics) {
            place = Parameter.Location(rawValue: text)
            if place == nil {
                diagnostics.error("unknown parameter location \"\(text)\"", at: at, note: "use path, query or header")
            }
        }
        let typeNode = object.value("type")
        if typeNode == nil { diagnostics.error("\(what) is missing the required key \"type\"", at: node.location) }
        let type = typeNode.flatMap { typeRef($0, key: "type") }
        let wire = object.string("wire", diagnostics: &diagnostics)?.0 ?? name
        let doc = object.string("doc", diagnostics: &diagnostics)?.0 ?? ""
        let explode = fixedAt == nil ? object.bool("explode", diagnostics: &diagnostics) : nil
        let explodeLocation = explode == nil ? nil : object.value("explode")?.location
        object.finish(diagnostics: &diagnostics, keys: &keysRead)
        guard let place, let type, let typeNode else { return nil }
        return Parameter(
            name: name, wireName: wire, location: place, type: type, typeLocation: typeNode.location, doc: doc,
            sourceLocation: location, explode: explode, explodeLocation: explodeLocation)
    }

    private mutating func readPagination(_ node: JSONNode, owner: String) -> Pagination? {
        let what = "the pagination of \(owner)"
        guard var object = ObjectReader(node, what: what, diagnostics: &diagnostics) else { return nil }
        var style: Pagination.Style?
        if let (text, at) = object.requiredString("style", diagnostics: &diagnostics) {
            style = Pagination.Style(rawValue: text)
            if style == nil {
                diagnostics.error(
                    "unknown pagination style \"\(text)\"", at: at,
                    note: "use \(Pagination.Style.allCases.map(\.rawValue).joined(separator: ", "))")
            }
        }
        let names = ["page", "size", "cursor", "next", "items", "itemID", "hasMore", "offset"].map {
            object.string($0, diagnostics: &diagnostics)?.0
        }
        object.finish(diagnostics: &diagnostics, keys: &keysRead)
        guard let style else { return nil }
        var pagination = Pagination(
            style: style, page: names[0], size: names[1], cursor: names[2], next: names[3], items: names[4],
            location: node.location)
        pagination.itemID = names[5]
        pagination.hasMore = names[6]
        pagination.offset = names[7]
        return pagination
    }

    private mutating func readExamples(_ nodes: [JSONNode], owner: String) -> [Example] {
        nodes.enumerated().compactMap { index, node in
            guard var object = ObjectReader(node, what: "example \(index + 1) of \(owner)", diagnostics: &diagnostics)
            else { return nil }
            let name = object.requiredString("name", diagnostics: &diagnostics)?.0 ?? "example \(index + 1)"
            let doc = object.string("doc", diagnostics: &diagnostics)?.0 ?? ""
            let request = object.value("request")
            let response = object.value("response")
            let error = object.string("error", diagnostics: &diagnostics)?.0
            object.finish(diagnostics: &diagnostics, keys: &keysRead)
            return Example(
                name: name, doc: doc, request: request, response: response, error: error, location: node.location)
        }
    }
}
