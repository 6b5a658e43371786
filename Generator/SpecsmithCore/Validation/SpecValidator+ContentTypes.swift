/// The media types bodies travel in: JSON, a form, bytes or text, each with the types it can carry.
extension SpecValidator {
    /// What to write instead of an unknown media type: the closest one `known`, else all of them.
    private static func note(forUnknown mediaType: String, among known: [String]) -> String {
        closestMatch(to: mediaType, in: known).map { "did you mean \"\($0)\"?" }
            ?? "use \(known.map { "\"\($0)\"" }.joined(separator: " or "))"
    }

    /// A body of bytes is `bytes`, a body of text `string`, each as it travels.
    private mutating func checkRawBody(
        _ ref: TypeRef, _ mediaType: String, of endpoint: Endpoint, role: String, at: SourcePosition
    ) {
        let wanted: TypeRef.Primitive = mediaType == "text/plain" ? .string : .bytes
        guard ref.unwrapped != .primitive(wanted) else { return }
        diagnostics.error(
            "the \(role) of \"\(endpoint.name)\" travels as \(mediaType), so it is \"\(wanted.rawValue)\", not \"\(ref)\"",
            at: at, note: "a \(mediaType) body is \(wanted == .bytes ? "bytes as they are" : "text as it is")")
    }

    /// `responseContentType` names a success body that is not JSON: bytes or text, of a response
    /// typed `bytes` or `string`, or a form, of a struct a form can write.
    mutating func checkResponseContentType(of endpoint: Endpoint) {
        guard let mediaType = endpoint.responseMediaType, let at = endpoint.responseMediaTypeLocation else { return }
        let known = Endpoint.responseMediaTypes
        guard known.contains(mediaType) else {
            return diagnostics.error(
                mediaType == "application/json"
                    ? "\"\(endpoint.name)\" answers JSON already; \"responseContentType\" is for another media type"
                    : "unknown response content type \"\(mediaType)\" of \"\(endpoint.name)\"",
                at: at, note: Self.note(forUnknown: mediaType, among: known))
        }
        guard let response = endpoint.response else {
            return diagnostics.error(
                "\"\(endpoint.name)\" answers no body, so it has no response content type", at: at,
                note: "remove \"responseContentType\", or declare \"response\"")
        }
        if Endpoint.rawMediaTypes.contains(mediaType) {
            checkRawBody(response, mediaType, of: endpoint, role: "response", at: endpoint.responseLocation)
        } else if !response.unwrapped.isNamed || structDecl(response) == nil {
            if !isUnresolved(response) {
                diagnostics.error(
                    "the form answer of \"\(endpoint.name)\" is \"\(response)\", not a struct",
                    at: endpoint.responseLocation,
                    note: "a form's names are a struct's members")
            }
        } else {
            checkFormCarries(response, of: endpoint, body: "form answer", at: at)
        }
        if let pagination = endpoint.pagination {
            diagnostics.error(
                "a paginated answer of \"\(endpoint.name)\" is JSON, not \(mediaType)", at: pagination.location,
                note: "remove \"responseContentType\" or \"pagination\"")
        }
    }

    /// A request media type the format can say, on an endpoint that sends a body; a form body, or
    /// a multipart body's fields, hold what a form can write (no free-form JSON, no union), however deep.
    mutating func checkContentType(of endpoint: Endpoint) {
        guard let at = endpoint.requestMediaTypeLocation else { return }
        let mediaType = endpoint.requestMediaType
        guard Endpoint.requestMediaTypes.contains(mediaType) else {
            return diagnostics.error(
                "unknown request content type \"\(mediaType)\" of \"\(endpoint.name)\"",
                at: at, note: Self.note(forUnknown: mediaType, among: Endpoint.requestMediaTypes))
        }
        guard let request = endpoint.request else {
            return diagnostics.error(
                "\"\(endpoint.name)\" sends no request body, so it has no content type", at: at,
                note: "remove \"contentType\", or declare \"request\"")
        }
        if Endpoint.rawMediaTypes.contains(mediaType) {
            return checkRawBody(request, mediaType, of: endpoint, role: "request", at: endpoint.requestLocation)
        }
        let isMultipart = mediaType == Self.multipartMediaType
        guard mediaType == "application/x-www-form-urlencoded" || isMultipart else { return }
        // A named type that is no struct is refused with every other request body.
        if isMultipart, !request.unwrapped.isNamed {
            return diagnostics.error(
                "the multipart/form-data body of \"\(endpoint.name)\" is \"\(request)\", not a struct",
                at: endpoint.requestLocation, note: "a struct's fields are the parts: its files and its other values")
        }
        checkFormCarries(request, of: endpoint, body: isMultipart ? "multipart body" : "form body", at: at)
    }

    /// A form (or a multipart body's fields) holds what a form can write, however deep: no
    /// free-form JSON, no union.
    private mutating func checkFormCarries(_ ref: TypeRef, of endpoint: Endpoint, body: String, at: SourcePosition) {
        var seen: Set<String> = []
        func check(_ ref: TypeRef, path: String) {
            switch ref {
            case .primitive(.json):
                diagnostics.error(
                    "the \(body) of \"\(endpoint.name)\" cannot carry free-form JSON (\(path))", at: at,
                    note: "give it a type, such as [string: string] for metadata")
            case .primitive: break
            case let .array(inner), let .map(inner), let .optional(inner): check(inner, path: path)
            case let .named(name):
                guard seen.insert(name).inserted else { return }
                switch resolve(name)?.kind {
                case let .structure(decl)?:
                    for field in decl.fields { check(field.type, path: "\(name).\(field.name)") }
                case .union?:
                    diagnostics.error(
                        "the \(body) of \"\(endpoint.name)\" cannot carry the union \"\(name)\" (\(path))", at: at,
                        note: "a form's values are texts: a union cannot be told apart in one")
                default: break
                }
            }
        }
        check(ref.unwrapped, path: "the \(body == "form answer" ? "response" : "request")")
    }
}

extension TypeRef {
    /// Whether the reference names a declared type (rather than a primitive or a collection).
    var isNamed: Bool {
        if case .named = self { true } else { false }
    }
}
