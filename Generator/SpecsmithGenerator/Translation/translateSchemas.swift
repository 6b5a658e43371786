import SpecsmithCore

extension TranslationContext {
    /// The wire schema of every struct a request carries, for the mock's validation of request
    /// bodies: every problem listed by field path, not just the first.
    func translateSchemas() -> [Declaration] {
        spec.types.compactMap { type -> Declaration? in
            guard resolved.requestTypes.contains(type.name) else { return nil }
            if case let .union(decl) = type.kind { return unionSchema(decl, of: type) }
            guard case let .structure(decl) = type.kind else { return nil }
            let fields: [Statement] = decl.fields.map { field in
                let name = Self.quoted(field.wireName)
                if field.nullable {
                    return .line(
                        ".nullable(\(name), \(schema(field.type.unwrapped)), isRequired: \(!field.type.isOptional))")
                }
                let kind =
                    field.type.isOptional ? "optional" : field.defaultValue != nil ? "defaulted" : "required"
                return .line(".\(kind)(\(name), \(schema(field.type.unwrapped)))")
            }
            return .container(
                doc: Doc(attributes: [.generatedSPI]), .extension(of: "\(namespace).\(type.name)"),
                conformances: [Names.wireValidated],
                members: [
                    .stored(
                        schemaProperty(type) { schema in
                            fields.isEmpty
                                ? .line("\(schema).object([])")
                                : .collection(head: "\(schema).object([", elements: fields, tail: "])")
                        },
                        doc: Doc("The wire shape the mock checks request bodies against."))
                ])
        }
    }

    /// A union's schema as a static of its own, one case per line, which fields of the union's type
    /// refer to.
    private func unionSchema(_ decl: UnionDecl, of type: TypeDecl) -> Declaration {
        guard let discriminator = decl.discriminator else { return shapeSchema(decl, of: type) }
        let cases = decl.cases.map { item -> String in
            guard let payload = item.payload else { return ".init(\(Self.quoted(item.wireValue)))" }
            return
                ".init(\(Self.quoted(item.wireValue)), payloadField: \(Self.quoted(item.payloadField)), payload: \(schema(payload)))"
        }
        return .container(
            doc: Doc(attributes: [.generatedSPI]), .extension(of: "\(namespace).\(type.name)"),
            members: [
                .stored(
                    schemaProperty(type) { schema in
                        .call("\(schema).union(", ["discriminator: \(Self.quoted(discriminator))"] + cases)
                    },
                    doc: Doc("The wire shape the mock checks this union against, wherever a request carries it."))
            ])
    }

    /// A union chosen by shape: one case per shape, each with its payload's schema.
    private func shapeSchema(_ decl: UnionDecl, of type: TypeDecl) -> Declaration {
        let shapes = spec.shapes(of: decl)
        let cases = shapes.choices.compactMap { choice -> String? in
            guard let payload = decl.cases.first(where: { $0.name == choice.caseName })?.payload else { return nil }
            return ".init(\(Self.shapePattern(choice, in: shapes, asPattern: false)), \(schema(payload)))"
        }
        return .container(
            doc: Doc(attributes: [.generatedSPI]), .extension(of: "\(namespace).\(type.name)"),
            members: [
                .stored(
                    schemaProperty(type) { schema in .call("\(schema).shapes(", cases) },
                    doc: Doc("The wire shape the mock checks this union against, wherever a request carries it."))
            ])
    }

    /// A type's `wireSchema`, whose value `value` makes from the start of its expression: one that
    /// refers to itself says its type, which Swift cannot infer from an expression that mentions the
    /// property being declared, and starts with the bare case (`.object(`).
    private func schemaProperty(_ type: TypeDecl, _ value: (String) -> Statement) -> StoredProperty {
        let saysItsType = resolved.recursion.selfReferencingTypes.contains(type.name)
        return StoredProperty(
            .public, isStatic: true, .let, "wireSchema", type: saysItsType ? Names.wireSchema : nil,
            value: .laidOut(value(saysItsType ? "" : Names.wireSchema)))
    }

    /// The schema expression for a type reference.
    private func schema(_ ref: TypeRef) -> String {
        switch ref {
        case let .optional(inner): return schema(inner)
        case let .array(inner): return ".array(\(schema(inner)))"
        case let .map(inner): return ".map(\(schema(inner)))"
        case let .primitive(primitive): return primitiveSchema(primitive)
        case let .named(name):
            let wireName = resolved.wireTypeName(name)
            let qualified = "\(namespace).\(wireName)"
            switch spec.type(named: wireName)?.kind {
            case let .enumeration(decl)?:
                return decl.isOpen
                    ? ".string" : ".oneOf([\(decl.cases.map { Self.quoted($0.wireValue) }.joined(separator: ", "))])"
            case .value?:
                return ".value(\(qualified).self)"
            // A resolved spec declares every type it names, so `nil` is not met: like a struct or
            // a union, the type has a `wireSchema` of its own.
            // One that refers to itself reads its schema when a value is checked: made at once, the
            // static would read itself while it is being made.
            case .structure?, .union?, nil:
                return resolved.recursion.selfReferencingTypes.contains(wireName)
                    ? ".deferred { \(qualified).wireSchema }" : "\(qualified).wireSchema"
            }
        }
    }

    private func primitiveSchema(_ primitive: TypeRef.Primitive) -> String {
        switch primitive {
        case .string: ".string"
        case .int, .int64: ".integer"
        case .uint64: ".unsignedInteger"
        case .bool: ".boolean"
        case .decimal, .double: ".number"
        case .date: ".date"
        case .unixSeconds, .unixMilliseconds: ".unixTime"
        case .httpDate: ".httpDate"
        case .url: ".url"
        case .uuid: ".uuid"
        case .bytes: ".bytes"
        case .json: ".any"
        case .file: ".file"
        }
    }
}
