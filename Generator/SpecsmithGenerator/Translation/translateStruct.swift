import SpecsmithCore

extension TranslationContext {
    /// A struct: stored properties, a memberwise initialiser with defaults, coding keys when wire names
    /// differ, and redacted descriptions when a field is sensitive.
    func translateStruct(_ decl: StructDecl, of type: TypeDecl) -> Declaration {
        let hasSensitive = decl.fields.contains { $0.sensitive || isSensitive($0.type) }
        var members: [Declaration] = decl.fields.map { field in
            // A field through which the struct holds itself is stored out of line (see TypeRecursion).
            let isIndirect = resolved.recursion.isIndirect(field.name, of: type.name)
            let access: AccessLevel = field.sdkOnly || isSessionToken(field, of: type) ? .package : .public
            return .stored(
                StoredProperty(
                    attributes: isIndirect ? [.propertyWrapper(Names.indirect)] : [], access, .var, field.name,
                    type: fieldType(field)),
                doc: fieldDoc(field))
        }
        members.append(memberwiseInit(decl.fields, typeName: type.localName))
        let hasDefaults = decl.fields.contains { $0.defaultValue != nil && !$0.type.isOptional }
        // A nullable field that is required is sent as `null`, and must be in every answer: the
        // synthesized coding would leave it out and take it absent.
        let hasRequiredNullable = decl.fields.contains(where: \.isRequiredNullable)
        // A date in unix time or HTTP-date form converts at the wire, both ways.
        let hasWireTime = decl.fields.contains { $0.type.formattedDate != nil }
        if hasDefaults || hasRequiredNullable || hasWireTime {
            members.append(decodingWithDefaults(decl.fields))
        }
        if hasRequiredNullable || hasWireTime { members.append(encodingByHand(decl.fields)) }
        if hasDefaults || hasRequiredNullable || hasWireTime || decl.fields.contains(where: { $0.wireName != $0.name })
        {
            members.append(codingKeys(decl.fields.map { ($0.name, $0.wireName) }))
        }
        let equality = requestOnlyTypes.contains(type.name) ? "Equatable" : "Hashable"
        let body = Declaration.container(
            doc: Doc(type.doc), ContainerHeader(.public, .struct, type.localName),
            conformances: ["Codable", equality, "Sendable"],
            members: members)
        let declaration = Declaration.container(extensionHeader(for: type), members: [body])
        guard hasSensitive else { return declaration }
        return .group([declaration, redacting(type, redactedDescriptions(decl.fields, typeName: type.localName))])
    }

    /// An extension that gives `type` descriptions and a mirror that never show its sensitive parts.
    func redacting(_ type: TypeDecl, _ members: [Declaration]) -> Declaration {
        .container(
            doc: Doc("Sensitive values never appear in descriptions, `dump` or debuggers."),
            .extension(of: "\(namespace).\(type.name)"),
            conformances: ["CustomStringConvertible", "CustomDebugStringConvertible", "CustomReflectable"],
            members: members)
    }

    func fieldDoc(_ field: Field) -> Doc {
        var paragraphs = [field.doc]
        if field.sensitive { paragraphs.append("Sensitive: never printed, logged or journaled in clear.") }
        if let deprecated = field.deprecated { paragraphs.append("- Warning: Deprecated. \(deprecated)") }
        return Doc(paragraphs)
    }

    /// The Swift type of a field: its type, optional when it is nullable but required, and the
    /// runtime's `Nullable` when it is optional and nullable.
    func fieldType(_ field: Field, qualified: Bool = false) -> String {
        if field.isThreeState { return "\(Names.nullable)<\(swiftType(field.type.unwrapped, qualified: qualified))>" }
        if field.isRequiredNullable { return swiftType(.optional(field.type), qualified: qualified) }
        return swiftType(field.type, qualified: qualified)
    }

    private func memberwiseInit(_ fields: [Field], typeName: String) -> Declaration {
        let parameters = fields.map { field -> String in
            let type = fieldType(field)
            if let value = field.defaultValue { return "\(field.name): \(type) = \(literal(value, as: field.type))" }
            if field.isThreeState { return "\(field.name): \(type) = .absent" }
            return field.type.isOptional || field.nullable ? "\(field.name): \(type) = nil" : "\(field.name): \(type)"
        }
        return .function(
            doc: Doc("Creates a value with every field; optional fields default to `nil`."),
            signature: Signature.initializer(.public, parameters),
            body: fields.map { .line("self.\($0.name) = \($0.name)") })
    }

    /// Decoding that fills a missing member with the spec's default, as the wire allows.
    private func decodingWithDefaults(_ fields: [Field]) -> Declaration {
        let assignments: [Statement] = fields.map { field in
            let wrapped = field.type.unwrapped
            let type = wireSwiftType(wrapped)
            if field.isThreeState {
                let decoded = "try container.decode(\(Names.nullable)<\(type)>.self, forKey: .\(field.name))"
                let converted =
                    wrapped.formattedDate == nil ? decoded : "\(decoded).map { \(fromWire(wrapped, "$0")) }"
                return .line("self.\(field.name) = \(converted)")
            }
            if field.isRequiredNullable {
                // Present, as null or a value: a missing member is an error, as it would be without null.
                return .line(
                    "self.\(field.name) = \(fromWire(.optional(wrapped), "try container.decode(\(type)?.self, forKey: .\(field.name))"))"
                )
            }
            let present = fromWire(
                .optional(wrapped), "try container.decodeIfPresent(\(type).self, forKey: .\(field.name))")
            if field.type.isOptional { return .line("self.\(field.name) = \(present)") }
            if let value = field.defaultValue {
                return .line("self.\(field.name) = \(present) ?? \(literal(value, as: field.type))")
            }
            return .line(
                "self.\(field.name) = \(fromWire(wrapped, "try container.decode(\(type).self, forKey: .\(field.name))"))"
            )
        }
        return .function(
            doc: Doc(
                fields.contains(where: \.nullable)
                    ? "Decodes a value; members the spec gives a default may be absent, and nullable ones `null`."
                    : "Decodes a value; members the spec gives a default may be absent."),
            signature: Signature.initializer(.public, ["from decoder: any Decoder"], " throws"),
            body: [.line("let container = try decoder.container(keyedBy: CodingKeys.self)")] + assignments)
    }

    /// Encoding that sends a nullable, required field as `null` when it is `nil`, leaves other unset
    /// optional fields out, an absent `Nullable` out, and a date in its wire form.
    private func encodingByHand(_ fields: [Field]) -> Declaration {
        let writes: [Statement] = fields.map { field in
            let method = field.type.isOptional && !field.nullable ? "encodeIfPresent" : "encode"
            return .line("try container.\(method)(\(wireValue(field)), forKey: .\(field.name))")
        }
        return .function(
            doc: Doc(
                fields.contains(where: \.nullable)
                    ? "Encodes a value; a nullable field that is `nil` is sent as `null`."
                    : "Encodes a value, its dates as the spec writes them on the wire."),
            signature: Signature.function(.public, "encode", ["to encoder: any Encoder"], " throws"),
            body: [.line("var container = encoder.container(keyedBy: CodingKeys.self)")] + writes)
    }

    /// `self.field` as it travels: a date in unix time or HTTP-date form as the runtime's wire time.
    func wireValue(_ field: Field) -> String {
        let stored = "self.\(field.name)"
        if field.isThreeState, field.type.formattedDate != nil {
            return "\(stored).map { \(toWire(field.type.unwrapped, "$0")) }"
        }
        return toWire(field.isRequiredNullable ? .optional(field.type) : field.type, stored)
    }

    func codingKeys(_ pairs: [(name: String, wire: String)]) -> Declaration {
        .container(
            ContainerHeader(nil, .enum, "CodingKeys"), conformances: ["String", "CodingKey"],
            members: [
                .group(
                    pairs.map { pair in
                        .line(
                            pair.name == pair.wire
                                ? "case \(pair.name)" : "case \(pair.name) = \(Self.quoted(pair.wire))")
                    })
            ])
    }

    private func redactedDescriptions(_ fields: [Field], typeName: String) -> [Declaration] {
        // A sensitive field shows the runtime's `redacted` placeholder; an optional one is boxed as
        // `Any` for the mirror, so `nil` shows as nil rather than as Optional.
        let shown = fields.map { field -> (name: String, mirrored: String, described: String) in
            if field.sensitive { return (field.name, "redacted", "\\(redacted)") }
            let mirrored = field.type.isOptional || field.isRequiredNullable ? "\(field.name) as Any" : field.name
            return (field.name, mirrored, "\\(String(describing: \(field.name)))")
        }
        let description = shown.map { "\($0.name): \($0.described)" }
        return [
            .function(
                doc: Doc("A description with sensitive fields redacted."),
                signature: .property(.public, "description", type: "String"),
                body: [.line("\"\(typeName)(\(description.joined(separator: ", ")))\"")]),
            .function(
                doc: Doc(), signature: .property(.public, "debugDescription", type: "String"),
                body: [.line("description")]),
            .function(
                doc: Doc("Children for `dump` and debuggers, with sensitive fields redacted."),
                signature: .property(.public, "customMirror", type: "Mirror"),
                body: [
                    .list(
                        "let children: KeyValuePairs<String, Any> = [",
                        shown.map { "\(Self.quoted($0.name)): \($0.mirrored)" }),
                    .line("return Mirror(self, children: children)"),
                ]),
        ]
    }
}
