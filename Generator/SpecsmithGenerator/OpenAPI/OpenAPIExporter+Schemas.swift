import SpecsmithCore

extension OpenAPIExporter {
    /// A schema for each declared type, named by its dotted spec name.
    func schemas() -> [(String, JSONNode)] {
        spec.types.map { type in
            var members = typeSchema(type)
            if !type.doc.isEmpty { members.append(("description", string(type.doc))) }
            return (type.name, object(members))
        }
    }

    /// A reference or inline schema for a type reference.
    func schema(_ ref: TypeRef) -> JSONNode {
        switch ref {
        case let .primitive(primitive): return object(primitiveSchema(primitive))
        case let .named(name):
            return object([("$ref", string("#/components/schemas/\(resolved.wireTypeName(name))"))])
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
        case .bool: [("type", string("boolean"))]
        case .decimal: [("type", string("number")), ("format", string("decimal"))]
        case .double: [("type", string("number")), ("format", string("double"))]
        case .date: [("type", string("string")), ("format", string("date-time"))]
        case .url: [("type", string("string")), ("format", string("uri"))]
        case .uuid: [("type", string("string")), ("format", string("uuid"))]
        case .bytes: [("type", string("string")), ("contentEncoding", string("base64"))]
        }
    }

    private func typeSchema(_ type: TypeDecl) -> [(String, JSONNode)] {
        switch type.kind {
        case let .structure(decl):
            let properties = decl.fields.map { field -> (String, JSONNode) in
                // An optional field is left out of the body when unset, never sent as null, so the
                // schema only leaves it out of `required`.
                var property = schemaMembers(field.type.isOptional ? field.type.unwrapped : field.type)
                if !field.doc.isEmpty { property.append(("description", string(field.doc))) }
                // writeOnly means "sent, never answered": true only of a type that travels in requests
                // alone. A secret a response hands out (an access token) is sensitive but readable.
                if field.sensitive, resolved.requestOnlyTypes.contains(type.name) {
                    property.append(("writeOnly", JSONNode(.bool(true), at: origin)))
                }
                if field.deprecated != nil { property.append(("deprecated", JSONNode(.bool(true), at: origin))) }
                return (field.wireName, object(property))
            }
            let required = decl.fields.filter { !$0.type.isOptional && $0.defaultValue == nil }.map {
                string($0.wireName)
            }
            // The mock rejects unknown members, so the schema says so.
            return [
                ("type", string("object")), ("properties", object(properties)), ("required", array(required)),
                ("additionalProperties", JSONNode(.bool(false), at: origin)),
            ]
        case let .enumeration(decl):
            let values = decl.cases.map { string($0.wireValue) }
            // An open enum accepts values it does not list; the listed ones stay as documentation.
            return decl.isOpen
                ? [("type", string("string")), ("examples", array(values))]
                : [("type", string("string")), ("enum", array(values))]
        case let .union(decl):
            let variants = decl.cases.map { item -> JSONNode in
                var properties: [(String, JSONNode)] = [
                    (decl.discriminator, object([("const", string(item.wireValue))]))
                ]
                var required = [string(decl.discriminator)]
                if let payload = item.payload {
                    properties.append((item.payloadField, schema(payload)))
                    required.append(string(item.payloadField))
                }
                return object([
                    ("type", string("object")), ("properties", object(properties)), ("required", array(required)),
                    ("additionalProperties", JSONNode(.bool(false), at: origin)),
                ])
            }
            return [("oneOf", array(variants))]
        case let .value(decl):
            var members = primitiveSchema(decl.base)
            for rule in decl.rules {
                switch rule.kind {
                case let .pattern(pattern): members.append(("pattern", string("^(?:\(pattern))$")))
                case let .minLength(length):
                    members.append(("minLength", JSONNode(.number(String(length)), at: origin)))
                case let .maxLength(length):
                    members.append(("maxLength", JSONNode(.number(String(length)), at: origin)))
                case let .minimum(bound): members.append(("minimum", JSONNode(.number(bound), at: origin)))
                case let .maximum(bound): members.append(("maximum", JSONNode(.number(bound), at: origin)))
                case let .allowed(values): members.append(("enum", array(values.map(string))))
                case .luhn: members.append(("x-specsmith-luhn", JSONNode(.bool(true), at: origin)))
                case let .scale(digits):
                    let step = digits == 0 ? "1" : "0." + String(repeating: "0", count: digits - 1) + "1"
                    members.append(("multipleOf", JSONNode(.number(step), at: origin)))
                }
            }
            if decl.sensitive, resolved.requestOnlyTypes.contains(type.name) {
                members.append(("writeOnly", JSONNode(.bool(true), at: origin)))
            }
            return members
        }
    }

    private func schemaMembers(_ ref: TypeRef) -> [(String, JSONNode)] {
        guard case let .object(members) = schema(ref).value else { return [] }
        return members.map { ($0.key, $0.value) }
    }

}
