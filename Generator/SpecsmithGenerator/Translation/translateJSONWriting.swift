import SpecsmithCore
@_spi(Generated) import SpecsmithRuntime

extension TranslationContext {
    /// A type's `WireJSONWritable` conformance: its wire JSON written straight to bytes, members in
    /// the UTF-8 order of their wire names, exactly as its `Encodable` conformance writes through
    /// the wire encoder, without building and sorting a tree first.
    func translateJSONWriting(_ type: TypeDecl) -> Declaration {
        let body: [Statement]
        switch type.kind {
        case let .structure(decl):
            let members = decl.fields.sorted { WireJSONWriter.inKeyOrder($0.wireName, $1.wireName) }
            body =
                [.line("json.beginObject()")]
                + members.map { field in
                    let key = Self.quoted(field.wireName)
                    let value = wireValue(field)
                    if field.isThreeState { return .line("try json.member(\(key), nullable: \(value))") }
                    // An optional field is left out when nil; a required nullable one is sent as null.
                    if field.type.isOptional { return .line("try json.member(\(key), ifPresent: \(value))") }
                    return .line("try json.member(\(key), \(value))")
                } + [.line("json.endObject()")]
        case .enumeration:
            body = [.line("json.string(rawValue)")]
        case let .value(decl):
            if let digits = decl.rules.lazy.compactMap(Self.scaleDigits).first {
                body = [.line("try json.decimal(rawValue, scale: \(digits))")]
            } else {
                body = [.line("try json.value(rawValue)")]
            }
        case let .union(decl):
            body = [.block("switch self", decl.cases.map { unionCaseWriting($0, of: decl) })]
        }
        // The protocol is the runtime's SPI, so the conformance is too: apps never see it.
        return .container(
            doc: Doc(attributes: [.generatedSPI]), .extension(of: "\(namespace).\(type.name)"),
            conformances: [Names.wireJSONWritable],
            members: [
                .function(
                    doc: Doc("Writes the wire JSON that `encode(to:)` gives, with no encoder between."),
                    signature: Signature.function(
                        .public, "writeJSON", ["to json: inout \(Names.wireJSONWriter)"], " throws"),
                    body: body)
            ])
    }

    /// One case of a union: its payload alone when the union is chosen by shape; else an object of
    /// the discriminator and the payload's member, in key order.
    private func unionCaseWriting(_ item: UnionDecl.Case, of decl: UnionDecl) -> Statement {
        guard let discriminator = decl.discriminator else {
            return .switchCase("case let .\(item.name)(payload):", [.line("try json.value(payload)")])
        }
        var members = [
            (key: discriminator, line: "try json.member(\(Self.quoted(discriminator)), \(Self.quoted(item.wireValue)))")
        ]
        if item.payload != nil {
            // As in the tree, a payload under the discriminator's own key is the one kept.
            members.removeAll { $0.key == item.payloadField }
            members.append((item.payloadField, "try json.member(\(Self.quoted(item.payloadField)), payload)"))
        }
        members.sort { WireJSONWriter.inKeyOrder($0.key, $1.key) }
        let label = item.payload == nil ? "case .\(item.name):" : "case let .\(item.name)(payload):"
        return .switchCase(
            label, [.line("json.beginObject()")] + members.map { .line($0.line) } + [.line("json.endObject()")])
    }

    private static func scaleDigits(_ rule: ValueDecl.Rule) -> Int? {
        if case let .scale(digits) = rule.kind { digits } else { nil }
    }
}
