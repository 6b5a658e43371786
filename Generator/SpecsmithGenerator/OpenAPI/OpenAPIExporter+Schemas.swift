import SpecsmithCore

extension OpenAPIExporter {
    /// A schema for each declared type, named by its dotted spec name; each union is followed by one
    /// schema per case, and the envelope's own schemas come last.
    func schemas() -> [(String, JSONNode)] {
        var result: [(String, JSONNode)] = []
        for type in spec.types {
            switch type.kind {
            case let .union(decl) where decl.isChosenByShape:
                result.append((type.name, shapeUnionSchema(type, decl)))
            case let .union(decl):
                result.append((type.name, unionSchema(type, decl)))
                result += decl.cases.map { (caseSchemaName(type, $0), caseSchema(type, decl, $0)) }
            default:
                result.append((type.name, object(typeSchema(type))))
            }
        }
        return result + envelopeSchemas()
    }

    /// A reference or inline schema for a type reference.
    func schema(_ ref: TypeRef) -> JSONNode {
        switch ref {
        case let .primitive(primitive): return object(primitiveSchema(primitive))
        case let .named(name): return reference(resolved.wireTypeName(name))
        case let .array(element): return object([("type", string("array")), ("items", schema(element))])
        case let .map(value): return object([("type", string("object")), ("additionalProperties", schema(value))])
        case let .optional(wrapped):
            // OpenAPI 3.1 tools read a nullable primitive best as a type list; a reference cannot
            // carry one, so it keeps the anyOf form.
            guard case let .primitive(primitive) = wrapped else {
                return object([("anyOf", array([schema(wrapped), object([("type", string("null"))])]))])
            }
            return object(
                primitiveSchema(primitive).map { key, value in
                    key == "type" ? (key, array([value, string("null")])) : (key, value)
                })
        }
    }

    func primitiveSchema(_ primitive: TypeRef.Primitive) -> [(String, JSONNode)] {
        switch primitive {
        case .string: [("type", string("string"))]
        case .int: [("type", string("integer"))]
        case .int64: [("type", string("integer")), ("format", string("int64"))]
        case .uint64: [("type", string("integer")), ("format", string("uint64")), ("minimum", number(0))]
        case .bool: [("type", string("boolean"))]
        case .decimal: [("type", string("number")), ("format", string("decimal"))]
        case .double: [("type", string("number")), ("format", string("double"))]
        case .date: [("type", string("string")), ("format", string("date-time"))]
        // OpenAPI names no format for unix time: the integer says the wire, the format the unit.
        case .unixSeconds: [("type", string("integer")), ("format", string("unix-time"))]
        case .unixMilliseconds: [("type", string("integer")), ("format", string("unix-time-ms"))]
        case .httpDate: [("type", string("string")), ("format", string("http-date"))]
        case .url: [("type", string("string")), ("format", string("uri"))]
        case .uuid: [("type", string("string")), ("format", string("uuid"))]
        case .bytes: [("type", string("string")), ("contentEncoding", string("base64"))]
        // Any JSON value: the schema that accepts everything.
        case .json: []
        // A file part of a multipart body: its bytes, as OpenAPI 3.0 and 3.1 both read them.
        case .file: [("type", string("string")), ("format", string("binary"))]
        }
    }

    /// `readOnly`, `writeOnly` and `x-specsmith-sensitive` for a sensitive value of `owner`.
    ///
    /// writeOnly means "sent, never answered": true only of a type that travels in requests alone.
    /// readOnly means "answered, never sent": true only of a type no request carries, such as the
    /// session token a response issues. A sensitive value of a type that travels both ways is neither.
    func sensitivityMembers(owner: String) -> [(String, JSONNode)] {
        var members: [(String, JSONNode)] = [("x-specsmith-sensitive", bool(true))]
        if resolved.requestOnlyTypes.contains(owner) { members.append(("writeOnly", bool(true))) }
        if !resolved.requestTypes.contains(owner) { members.append(("readOnly", bool(true))) }
        return members
    }

    private func typeSchema(_ type: TypeDecl) -> [(String, JSONNode)] {
        switch type.kind {
        case let .structure(decl): return structSchema(type, decl)
        case let .enumeration(decl): return enumSchema(type, decl)
        case let .value(decl): return valueSchema(type, decl)
        case .union: return []
        }
    }

    private func structSchema(_ type: TypeDecl, _ decl: StructDecl) -> [(String, JSONNode)] {
        let properties = decl.fields.map { field -> (String, JSONNode) in
            // An optional field is left out of the body when unset, never sent as null, so the
            // schema only leaves it out of `required`.
            var property = members(of: schema(field.type.isOptional ? field.type.unwrapped : field.type))
            // A nullable field may be `null` as well: OpenAPI 3.1 says so with a `null` type beside it.
            if field.nullable {
                property = members(
                    of: object([("anyOf", array([object(property), object([("type", string("null"))])]))]))
            }
            if !field.doc.isEmpty { property.append(("description", string(field.doc))) }
            if let value = field.defaultValue { property.append(("default", value)) }
            if field.sensitive { property += sensitivityMembers(owner: type.name) }
            if field.sdkOnly { property.append(("x-specsmith-sdk-only", bool(true))) }
            if let collected = field.collects {
                property.append(
                    (
                        "x-specsmith-collects",
                        object([
                            ("type", string(collected.type)), ("linked", bool(collected.linked)),
                            ("tracking", bool(collected.tracking)),
                            ("purposes", array(collected.purposes.map { string($0.purpose) })),
                        ])
                    ))
            }
            if field.deprecated != nil { property.append(("deprecated", bool(true))) }
            return (field.wireName, object(property))
        }
        let required = decl.fields.filter { !$0.type.isOptional && $0.defaultValue == nil }.map { string($0.wireName) }
        // The mock refuses unknown members of a request, so a type a request carries says so; one
        // only answers carry is as open as the client that reads it, unless the spec closes it.
        var objectSchema: [(String, JSONNode)] = [
            ("type", string("object")), ("properties", object(properties)), ("required", array(required)),
        ]
        if decl.isClosed || resolved.requestTypes.contains(type.name) {
            objectSchema.append(("additionalProperties", bool(false)))
        }
        return described(objectSchema, type.doc)
    }

    private func enumSchema(_ type: TypeDecl, _ decl: EnumDecl) -> [(String, JSONNode)] {
        let values = array(decl.cases.map { string($0.wireValue) })
        guard decl.isOpen else {
            return described(
                [("type", string("string")), ("enum", values), ("x-specsmith-open", bool(false))],
                appending("Closed: a value not listed is refused.", to: type.doc))
        }
        // An open enum as generators recognise one: the listed values, or any other string. Each
        // generator then keeps known values typed and an unknown one as its plain string, as ours do.
        let sentence =
            "Open: a value not listed decodes as the `unknown` case carrying the wire string unchanged, "
            + "and encodes back as that string."
        return described(
            [
                (
                    "anyOf",
                    array([
                        object([("type", string("string")), ("enum", values)]), object([("type", string("string"))]),
                    ])
                ),
                ("x-specsmith-open", bool(true)),
            ], appending(sentence, to: type.doc))
    }

    private func valueSchema(_ type: TypeDecl, _ decl: ValueDecl) -> [(String, JSONNode)] {
        var members = primitiveSchema(decl.base)
        for rule in decl.rules {
            switch rule.kind {
            case let .pattern(pattern): members.append(("pattern", string("^(?:\(pattern))$")))
            case let .minLength(length): members.append(("minLength", number(length)))
            case let .maxLength(length): members.append(("maxLength", number(length)))
            case let .minimum(bound): members.append(("minimum", JSONNode(.number("\(bound)"), at: origin)))
            case let .maximum(bound): members.append(("maximum", JSONNode(.number("\(bound)"), at: origin)))
            case let .allowed(values): members.append(("enum", array(values.map(string))))
            case .luhn: members.append(("x-specsmith-luhn", bool(true)))
            case let .scale(digits):
                let step = digits == 0 ? "1" : "0." + String(repeating: "0", count: digits - 1) + "1"
                members.append(("multipleOf", JSONNode(.number(step), at: origin)))
            // A spec cannot write one: it is an SDK's own check, outside the wire contract.
            case .sdk: break
            }
        }
        // A sensitive value has no constants worth showing; the others' named values are examples.
        if !decl.constants.isEmpty, !decl.sensitive { members.append(("examples", array(decl.constants.map(\.value)))) }
        if decl.sensitive { members += sensitivityMembers(owner: type.name) }
        return described(members, type.doc)
    }

    func described(_ members: [(String, JSONNode)], _ doc: String) -> [(String, JSONNode)] {
        doc.isEmpty ? members : members + [("description", string(doc))]
    }
}
