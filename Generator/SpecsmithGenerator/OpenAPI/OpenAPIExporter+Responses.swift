import SpecsmithCore
@_spi(Generated) import SpecsmithRuntime

/// Responses in the service's envelope: the declared success status with its payload, examples and
/// headers, then one response per error status the operation documents, each naming its errors,
/// then `default`.
extension OpenAPIExporter {
    /// The prefix of the components the exporter adds for the envelope: `Envelope`, or
    /// `SpecsmithEnvelope` should the spec declare a type of that name.
    var envelopePrefix: String {
        spec.types.contains { $0.name == "Envelope" || $0.name.hasPrefix("Envelope.") }
            ? "SpecsmithEnvelope" : "Envelope"
    }

    func responses(_ endpoint: Endpoint) -> [(String, JSONNode)] {
        var success: [(String, JSONNode)] = [("schema", successSchema(endpoint.response))]
        let examples = endpoint.examples.compactMap { example in
            example.response.map { (example.name, example.doc, successBody($0)) }
        }
        if !examples.isEmpty { success.append(("examples", exampleMap(examples))) }
        let successDoc = endpoint.response.flatMap { ref in ref.namedTypes.first.flatMap { spec.type(named: $0)?.doc } }
        var answer: [(String, JSONNode)] = [
            ("description", string(successDoc.flatMap { $0.isEmpty ? nil : $0 } ?? "Success"))
        ]
        if !endpoint.responseHeaders.isEmpty {
            answer.append(
                (
                    "headers",
                    object(
                        endpoint.responseHeaders.map { header in
                            var fields: [(String, JSONNode)] = [
                                ("required", bool(!header.type.isOptional)), ("schema", schema(header.type.unwrapped)),
                            ]
                            if !header.doc.isEmpty { fields.append(("description", string(header.doc))) }
                            return (header.wireName, object(fields))
                        })
                ))
        }
        // A 204 has no body by definition (RFC 9110 §15.3.5).
        if let mediaType = endpoint.responseMediaType, let raw = rawSchema(mediaType) {
            // Bytes or text as they are: no envelope, no JSON examples.
            answer.append(("content", object([(mediaType, object([("schema", raw)]))])))
        } else if let mediaType = endpoint.responseMediaType, let response = endpoint.response {
            // A form: the struct's members, no envelope, nested members in brackets.
            answer.append(("content", object([(mediaType, object([("schema", schema(response.unwrapped))]))])))
        } else if endpoint.successStatus != 204 {
            answer.append(("content", object([("application/json", object(success))])))
        }
        var responses: [(String, JSONNode)] = [(String(endpoint.successStatus), object(answer))]
        if endpoint.answersNotModified {
            // A 304 has no body and carries the validators the 200 would (RFC 9110 §15.4.5).
            var notModified = [
                ("description", string("Not Modified: the copy the request's validators name is current."))
            ]
            if let headers = answer.first(where: { $0.0 == "headers" }) { notModified.append(headers) }
            responses.append(("304", object(notModified)))
        }
        let documented = endpoint.errors.compactMap { entry in spec.errors.first { $0.name == entry.name } }
        var statuses = Set(documented.map(\.status))
        // An idempotency key's own answers: still handling the key's first request, or the key
        // sent before with another request.
        let keyAnswers = [
            409: "A request with this idempotency key is still being handled; retry once it is answered.",
            422: "The idempotency key was sent before with a different request.",
        ]
        if endpoint.idempotencyKey != nil { statuses.formUnion(keyAnswers.keys) }
        for status in statuses.sorted() {
            let errors = documented.filter { $0.status == status }
            if errors.isEmpty, let description = keyAnswers[status] {
                responses.append(
                    (
                        String(status),
                        object([
                            ("description", string(description)),
                            ("content", object([("application/json", object([("schema", errorReference)]))])),
                        ])
                    ))
            } else {
                responses.append((String(status), errorResponse(endpoint, errors)))
            }
        }
        responses.append(
            (
                "default",
                object([
                    ("description", string("Any other error, in the service's envelope.")),
                    (
                        "content",
                        object([("application/json", object([("schema", errorReference)]))])
                    ),
                ])
            ))
        return responses
    }

    private func errorResponse(_ endpoint: Endpoint, _ errors: [ErrorCode]) -> JSONNode {
        let description = errors.map { error in
            "\(error.name) (\(error.byStatus ? "HTTP \(error.status)" : error.code.description)\(error.condition.map { " with \($0)" } ?? ""))"
                + (error.doc.isEmpty ? "" : ": \(error.doc)")
        }.joined(separator: " ")
        var examples = errors.map { ($0.name, $0.doc, errorBody($0)) }
        for example in endpoint.examples {
            guard let name = example.error, let error = errors.first(where: { $0.name == name }) else { continue }
            examples.append((example.name, example.doc, errorBody(error)))
        }
        let media = object([("schema", errorReference), ("examples", exampleMap(examples))])
        return object(
            [("description", string(description))] + errorHeaders + [
                ("content", object([("application/json", media)])),
                ("x-specsmith-errors", array(errors.map(errorEntry))),
            ])
    }

    /// What the SDK makes of an error, beside its code: the wire name, the Swift name, whether the
    /// same call may succeed later and the failure's kind.
    private func errorEntry(_ error: ErrorCode) -> JSONNode {
        var members = [
            ("name", string(error.name)), ("code", error.byStatus ? JSONNode(.null, at: origin) : code(error.code)),
            ("status", number(error.status)),
            ("swiftName", string(error.swiftName)), ("category", string(error.category.rawValue)),
            ("retryable", bool(error.retryable)), ("message", string(error.message)),
        ]
        if let condition = error.condition {
            let source: (String, JSONNode) =
                switch condition.source {
                case let .header(name): ("header", string(name))
                case let .field(path): ("field", string(path.joined(separator: ".")))
                }
            members.append(("when", object([source, ("equals", string(condition.value))])))
        }
        return object(members)
    }

    // MARK: - Bodies

    private func successSchema(_ response: TypeRef?) -> JSONNode {
        let envelope = spec.service.envelope
        let payload = response.map(schema) ?? object([("type", string("object"))])
        guard let dataField = envelope.dataField else {
            // A marker beside a bare payload is one more member of the payload's object: said of a
            // struct that takes members it does not list, as one only answers carry does.
            guard let marker = envelope.successMarker, case let .named(name)? = response,
                let decl = spec.type(named: name), case let .structure(structure) = decl.kind, !structure.isClosed,
                !resolved.requestTypes.contains(name)
            else { return payload }
            let markerMember = object([
                ("type", string("object")),
                ("properties", object([(marker.field, reference("\(envelopePrefix).SuccessMarker"))])),
                ("required", array([string(marker.field)])),
            ])
            return object([("allOf", array([payload, markerMember]))])
        }
        var properties: [(String, JSONNode)] = []
        var required: [String] = []
        if let marker = envelope.successMarker {
            properties.append((marker.field, reference("\(envelopePrefix).SuccessMarker")))
            required.append(marker.field)
        }
        properties.append((dataField, payload))
        if response != nil { required.append(dataField) }
        return object([
            ("type", string("object")), ("properties", object(properties)), ("required", array(required.map(string))),
        ])
    }

    private func successBody(_ payload: JSONNode) -> JSONNode {
        let envelope = spec.service.envelope
        guard let dataField = envelope.dataField else {
            guard let marker = envelope.successMarker, let fields = payload.members else { return payload }
            return object([(marker.field, markerNode(marker.value))] + fields.map { ($0.key, $0.value) })
        }
        var members: [(String, JSONNode)] = []
        if let marker = envelope.successMarker { members.append((marker.field, markerNode(marker.value))) }
        return object(members + [(dataField, payload)])
    }

    /// The body of `error` as the mock answers it: the spec's error shape filled with its status,
    /// code and message, so it validates against the schema it illustrates.
    private func errorBody(_ error: ErrorCode) -> JSONNode {
        if let shape = ErrorBodyShape(spec: spec) {
            return shape.filled(status: error.status, code: error.byStatus ? nil : error.code, message: error.message)
        }
        let envelope = spec.service.envelope
        let fields: [(String, JSONNode)] = [
            (envelope.codeField, code(error.code)), (envelope.messageField, string(error.message)),
        ].filter { !error.byStatus || $0.0 != envelope.codeField }
        var members: [(String, JSONNode)] = []
        if let marker = envelope.errorMarker { members.append((marker.field, markerNode(marker.value))) }
        guard let container = envelope.errorContainer else { return object(members + fields) }
        return object(members + [(container, object(fields))])
    }

    /// The schema of every error body: the spec's error `body` type, or the envelope's error.
    private var errorReference: JSONNode {
        reference(spec.service.errorBody?.name ?? "\(envelopePrefix).Error")
    }

    /// The headers the envelope names for errors, each a string.
    private var errorHeaders: [(String, JSONNode)] {
        let headers = spec.service.envelope.errorHeaders
        guard !headers.isEmpty else { return [] }
        return [
            (
                "headers",
                object(headers.map { ($0, object([("schema", object([("type", string("string"))]))])) })
            )
        ]
    }

    // MARK: - Components

    /// The envelope's markers, typed like union tags, and the one error body every error status shares.
    func envelopeSchemas() -> [(String, JSONNode)] {
        let envelope = spec.service.envelope
        var result: [(String, JSONNode)] = []
        if let marker = envelope.successMarker {
            let doc = "`\(marker.field)` of every success body: always `\(markerText(marker.value))`."
            result.append(
                (
                    "\(envelopePrefix).SuccessMarker",
                    object(members(of: markerSchema(marker.value)) + [("description", string(doc))])
                ))
        }
        if let marker = envelope.errorMarker {
            let doc = "`\(marker.field)` of every error body: always `\(markerText(marker.value))`."
            result.append(
                (
                    "\(envelopePrefix).ErrorMarker",
                    object(members(of: markerSchema(marker.value)) + [("description", string(doc))])
                ))
        }
        result.append(("\(envelopePrefix).Error", errorSchema()))
        return result
    }

    private func errorSchema() -> JSONNode {
        let envelope = spec.service.envelope
        let kinds = Set(spec.errors.map { $0.byStatus || $0.code.number != nil ? "integer" : "string" })
        var codeSchema: [(String, JSONNode)] = [
            (
                "type",
                kinds.count == 2 ? array([string("integer"), string("string")]) : string(kinds.first ?? "integer")
            ),
            (
                "description",
                string("Which error; the codes listed here are the spec's, and a newer server may send others.")
            ),
        ]
        if !spec.errors.isEmpty { codeSchema.append(("examples", array(spec.errors.map { code($0.code) }))) }
        let fields: [(String, JSONNode)] = [
            (envelope.codeField, object(codeSchema)),
            (
                envelope.messageField,
                object([("type", string("string")), ("description", string("The error in words."))])
            ),
        ]
        var properties: [(String, JSONNode)] = []
        var required: [String] = []
        if let marker = envelope.errorMarker {
            properties.append((marker.field, reference("\(envelopePrefix).ErrorMarker")))
            required.append(marker.field)
        }
        // Errors told apart by status alone send no code.
        let codeRequired = !spec.errors.contains(where: \.byStatus)
        if let container = envelope.errorContainer {
            let inner = object([
                ("type", string("object")), ("properties", object(fields)),
                ("required", array(codeRequired ? [string(envelope.codeField)] : [])),
            ])
            properties.append((container, inner))
            required.append(container)
        } else {
            properties += fields
            if codeRequired { required.append(envelope.codeField) }
        }
        return object([
            ("type", string("object")), ("properties", object(properties)), ("required", array(required.map(string))),
            ("description", string("An error in the service's envelope.")),
            ("x-specsmith-errors", array(spec.errors.map(errorEntry))),
        ])
    }
}
