import SpecsmithCore

extension TranslationContext {
    /// An enum. Open enums keep unknown wire values as `.unknown(raw)` so a new server value never
    /// breaks decoding; closed ones are plain `String` raw-value enums.
    func translateEnum(_ decl: EnumDecl, of type: TypeDecl) -> Declaration {
        let cases: [Declaration] = decl.cases.map { item in
            let raw = decl.isOpen || item.wireValue == item.name ? "" : " = \(Self.quoted(item.wireValue))"
            return .line("case \(item.name)\(raw)", doc: Doc(item.doc))
        }
        let body: Declaration
        if decl.isOpen {
            let unknown = Declaration.line(
                "case unknown(String)", doc: Doc("A value this version does not know yet, kept as it was sent."))
            let initializer = Declaration.function(
                doc: Doc("Maps a wire value to its case; unknown values become `.unknown`."),
                signature: Signature.initializer(.public, ["rawValue: String"]),
                body: [
                    .block(
                        "switch rawValue",
                        decl.cases.map {
                            .switchCase("case \(Self.quoted($0.wireValue)):", [.line("self = .\($0.name)")])
                        }
                            + [.switchCase("default:", [.line("self = .unknown(rawValue)")])])
                ])
            let rawValue = Declaration.function(
                doc: Doc("The wire value."), signature: .property(.public, "rawValue", type: "String"),
                body: [
                    .block(
                        "switch self",
                        decl.cases.map { .switchCase("case .\($0.name):", [.line(Self.quoted($0.wireValue))]) }
                            + [.switchCase("case let .unknown(rawValue):", [.line("rawValue")])])
                ])
            body = .container(
                doc: Doc(type.doc), ContainerHeader(.public, .enum, type.localName),
                conformances: ["RawRepresentable", "Codable", "Hashable", "Sendable", Names.parameterValue],
                members: cases + [unknown, initializer, rawValue])
        } else {
            body = .container(
                doc: Doc(type.doc), ContainerHeader(.public, .enum, type.localName),
                conformances: ["String", "Codable", "Hashable", "Sendable", "CaseIterable", Names.parameterValue],
                members: cases)
        }
        return .container(extensionHeader(for: type), members: [body])
    }

    /// A tagged union: the discriminator selects a case whose payload sits under its own key.
    /// An unknown discriminator is an error of its own, never a silent default.
    func translateUnion(_ decl: UnionDecl, of type: TypeDecl) -> Declaration {
        guard let discriminator = decl.discriminator else { return translateShapeUnion(decl, of: type) }
        let cases: [Declaration] = decl.cases.map { item in
            let payload = item.payload.map { "(\(swiftType($0)))" } ?? ""
            return .line("case \(item.name)\(payload)", doc: Doc(item.doc))
        }
        var keys: [(name: String, wire: String)] = [("discriminator", discriminator)]
        for item in decl.cases where item.payload != nil {
            let wire = item.payloadField
            if !keys.contains(where: { $0.wire == wire }) { keys.append((Self.keyName(wire), wire)) }
        }
        let decode = Declaration.function(
            doc: Doc(),
            signature: Signature.initializer(.public, ["from decoder: any Decoder"], " throws"),
            body: [
                .line("let container = try decoder.container(keyedBy: CodingKeys.self)"),
                .block(
                    "switch try container.decode(String.self, forKey: .discriminator)",
                    decl.cases.map { item in
                        guard let payload = item.payload else {
                            return .switchCase("case \(Self.quoted(item.wireValue)):", [.line("self = .\(item.name)")])
                        }
                        let key = Self.keyName(item.payloadField)
                        return .switchCase(
                            "case \(Self.quoted(item.wireValue)):",
                            [
                                .line(
                                    "self = .\(item.name)(try container.decode(\(swiftType(payload)).self, forKey: .\(key)))"
                                )
                            ])
                    } + [
                        .switchCase(
                            "case let other:",
                            [
                                .call(
                                    "throw \(Names.unknownDiscriminator)(",
                                    [
                                        "type: \(Self.quoted(type.name))", "field: \(Self.quoted(discriminator))",
                                        "value: other",
                                    ])
                            ])
                    ]),
            ])
        let encode = Declaration.function(
            doc: Doc(),
            signature: Signature.function(.public, "encode", ["to encoder: any Encoder"], " throws"),
            body: [
                .line("var container = encoder.container(keyedBy: CodingKeys.self)"),
                .block(
                    "switch self",
                    decl.cases.map { item in
                        let tag = Statement.line(
                            "try container.encode(\(Self.quoted(item.wireValue)), forKey: .discriminator)")
                        guard item.payload != nil else { return .switchCase("case .\(item.name):", [tag]) }
                        return .switchCase(
                            "case let .\(item.name)(payload):",
                            [tag, .line("try container.encode(payload, forKey: .\(Self.keyName(item.payloadField)))")])
                    }),
            ])
        return unionDeclaration(type, members: cases + [codingKeys(keys), decode, encode])
    }

    /// The enum a union becomes, around its cases and coding.
    func unionDeclaration(_ type: TypeDecl, members: [Declaration]) -> Declaration {
        let body = Declaration.container(
            // A union that holds itself through union payloads alone keeps its cases out of line.
            doc: Doc(type.doc),
            ContainerHeader(
                .public, .enum, type.localName,
                modifiers: resolved.recursion.indirectUnions.contains(type.name) ? [.indirect] : []),
            // A union only requests carry is `Equatable`, like the request structs it may hold.
            conformances: ["Codable", requestOnlyTypes.contains(type.name) ? "Equatable" : "Hashable", "Sendable"],
            members: members)
        return .container(extensionHeader(for: type), members: [body])
    }

    /// A Swift identifier for a wire key (`card_list` → `cardList`).
    static func keyName(_ wire: String) -> String {
        let parts = wire.split { !($0.isLetter || $0.isNumber) }
        guard let first = parts.first else { return "key" }
        let name =
            first.prefix(1).lowercased() + first.dropFirst()
            + parts.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        return SwiftIdentifier.problem(with: name) == nil ? name : "key_" + name
    }
}
