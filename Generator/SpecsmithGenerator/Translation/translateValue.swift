import SpecsmithCore

extension TranslationContext {
    /// A validated newtype: a throwing initialiser that applies the spec's rules, decoding that
    /// applies them too, and named constants.
    func translateValue(_ decl: ValueDecl, of type: TypeDecl) -> Declaration {
        let raw = Self.swiftName(of: decl.base)
        let name = type.localName
        var members: [Declaration] = []
        let rules = decl.rules.map(ruleExpression)
        if !rules.isEmpty {
            members.append(
                .stored(
                    StoredProperty(
                        .public, isStatic: true, .let, "rules", type: "[\(Names.valueRule)]",
                        value: .inline("[\(rules.joined(separator: ", "))]")),
                    doc: Doc("The rules every value keeps, as the spec states them.")))
        }
        if decl.sensitive {
            members.append(
                .stored(
                    StoredProperty(.public, isStatic: true, .let, "isSensitive", value: .inline("true")),
                    doc: Doc("Values are never printed or repeated.")))
        }
        members.append(.stored(StoredProperty(.public, .let, "rawValue", type: raw)))
        let check: [Statement] =
            rules.isEmpty
            ? []
            : decl.base == .string
                ? [
                    .line(
                        "try \(Names.valueRule).check(rawValue, Self.rules, type: \(Self.quoted(type.name))\(decl.sensitive ? ", sensitive: true" : ""))"
                    )
                ]
                : [
                    .line(
                        "try \(Names.valueRule).check(\(decl.base == .decimal ? "rawValue" : "Decimal(rawValue)"), Self.rules, type: \(Self.quoted(type.name)))"
                    )
                ]
        members.append(
            .function(
                doc: Doc(
                    "Checks the spec's rules and wraps a wire value; apps use `init(validating:)`.\n- Throws: `\(Names.valueRuleFailure)` naming the rule the value breaks.",
                    attributes: [.generatedSPI]
                ),
                signature: Signature.initializer(
                    .public, ["wireValue rawValue: \(raw)"],
                    " throws(\(Names.valueRuleFailure))"),
                body: check + [.line("self.rawValue = rawValue")]))
        if decl.failable {
            members.append(
                .function(
                    doc: Doc("Wraps a value that keeps the rules, or returns `nil`."),
                    signature: Signature.initializer(.public, ["_ rawValue: \(raw)"], isFailable: true),
                    body: [.line("try? self.init(validating: rawValue)")]))
        }
        members.append(
            .function(
                doc: Doc("Wraps a value the spec already checked (constants, defaults)."),
                signature: Signature.initializer(nil, ["unchecked rawValue: \(raw)"], attributes: [.usableFromInline]),
                body: [.line("self.rawValue = rawValue")]))
        if let digits = scale(of: decl) {
            members.append(
                .function(
                    doc: Doc("Writes exactly \(digits) digits after the point."),
                    signature: Signature.function(.public, "encode", ["to encoder: any Encoder"], " throws"),
                    body: [.line("try \(Names.wireCoding).encodeDecimal(rawValue, scale: \(digits), to: encoder)")]))
        }
        for constant in decl.constants {
            let value = literal(constant.value, as: .primitive(decl.base))
            members.append(
                .stored(
                    StoredProperty(
                        .public, isStatic: true, .let, constant.name, value: .inline("\(name)(unchecked: \(value))")),
                    doc: Doc(constant.doc)))
        }
        let conformances = [Names.ruleCheckedValue, "Hashable", "Sendable", Names.parameterValue]
        var redactions: [Declaration] = []
        if decl.sensitive {
            redactions = [
                .function(
                    doc: Doc("Always redacted: the value is sensitive."),
                    signature: .property(.public, "description", type: "String"), body: [.line("redacted")]),
                .function(
                    doc: Doc(), signature: .property(.public, "debugDescription", type: "String"),
                    body: [.line("redacted")]),
                .function(
                    doc: Doc(), signature: .property(.public, "customMirror", type: "Mirror"),
                    body: [.line("Mirror(self, children: [\"rawValue\": redacted])")]),
            ]
        }
        let body = Declaration.container(
            doc: Doc(type.doc), ContainerHeader(.public, .struct, name), conformances: conformances, members: members)
        let declaration = Declaration.container(extensionHeader(for: type), members: [body])
        return redactions.isEmpty ? declaration : .group([declaration, redacting(type, redactions)])
    }

    private func scale(of decl: ValueDecl) -> Int? {
        for rule in decl.rules {
            if case let .scale(digits) = rule.kind { return digits }
        }
        return nil
    }

    private func ruleExpression(_ rule: ValueDecl.Rule) -> String {
        switch rule.kind {
        case let .pattern(pattern): ".pattern(\(Self.quoted(pattern)))"
        case let .minLength(length): ".minLength(\(length))"
        case let .maxLength(length): ".maxLength(\(length))"
        case let .minimum(bound): ".minimum(Decimal(string: \"\(bound)\")!)"
        case let .maximum(bound): ".maximum(Decimal(string: \"\(bound)\")!)"
        case .luhn: ".luhn"
        case let .allowed(values): ".allowed([\(values.map(Self.quoted).joined(separator: ", "))])"
        case let .scale(digits): ".scale(\(digits))"
        case let .sdk(reason): ".sdk(\(Self.quoted(reason)))"
        }
    }
}
