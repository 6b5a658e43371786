/// Files travel only as parts of a `multipart/form-data` request: a `file` (or a list of files) is
/// a top-level field of a struct that is such a request's body and nothing else. Anywhere else it
/// would be JSON the wire never carries.
extension SpecValidator {
    /// The media type whose bodies carry files.
    static let multipartMediaType = "multipart/form-data"

    mutating func checkFiles() {
        let multipart = spec.endpoints.filter { $0.requestMediaType == Self.multipartMediaType }
        let bodies = Set(multipart.compactMap { endpoint in endpoint.request.flatMap { structName($0) } })
        // The structs that hold a file at their top: each may only be a multipart body.
        var holders: Set<String> = []
        for type in spec.types {
            guard case let .structure(decl) = type.kind else { continue }
            for field in decl.fields where field.type.holdsFile {
                holders.insert(type.name)
                let shaped = [.primitive(.file), .array(.primitive(.file))].contains(field.type.unwrapped)
                // An endpoint that could not be read may be the one that sends it: that is reported there.
                if !bodies.contains(type.name) && spec.unreadNames.isEmpty || !shaped {
                    refuseFile(
                        in: "the field \"\(type.name).\(field.name)\"", at: field.typeLocation,
                        note: shaped
                            ? "make \"\(type.name)\" the request of an endpoint with \"contentType\": \"multipart/form-data\", or type the field bytes"
                            : "a field holds one file or a list of files ([file]), not \(field.type)")
                }
            }
        }
        func check(_ ref: TypeRef?, _ what: String, at location: SourcePosition) {
            guard let ref else { return }
            if ref.holdsFile {
                refuseFile(in: what, at: location, note: "wrap the file in a struct sent as multipart/form-data")
            } else if let holder = ref.namedTypes.first(where: holders.contains) {
                diagnostics.error(
                    "\(what) holds \"\(holder)\", whose files travel only as parts of a multipart/form-data request",
                    at: location, note: "send \"\(holder)\" only as the request of a multipart/form-data endpoint")
            }
        }
        for type in spec.types {
            switch type.kind {
            case let .structure(decl):
                for field in decl.fields where !field.type.holdsFile {
                    check(field.type, "the field \"\(type.name).\(field.name)\"", at: field.typeLocation)
                }
            case let .union(decl):
                for item in decl.cases {
                    check(item.payload, "the case \"\(type.name).\(item.name)\"", at: item.payloadLocation)
                }
            case .enumeration, .value:
                break
            }
        }
        for endpoint in spec.endpoints {
            let sendsParts = endpoint.requestMediaType == Self.multipartMediaType && structName(endpoint.request) != nil
            if !sendsParts {
                check(endpoint.request, "the request of \"\(endpoint.name)\"", at: endpoint.requestLocation)
            }
            check(endpoint.response, "the response of \"\(endpoint.name)\"", at: endpoint.responseLocation)
        }
        if let body = spec.service.errorBody { check(.named(body.name), "the error body", at: body.location) }
    }

    private func structName(_ ref: TypeRef?) -> String? {
        guard case let .named(name)? = ref?.unwrapped, structDecl(ref) != nil else { return nil }
        return name
    }

    private mutating func refuseFile(in what: String, at location: SourcePosition, note: String) {
        diagnostics.error(
            "\(what) is a file, which travels only as a part of a multipart/form-data request", at: location,
            note: note)
    }
}
