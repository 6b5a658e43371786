import SpecsmithCore
import Testing

@testable import SpecsmithGenerator

/// Each type translator, fed a few lines of spec, read back as IR: the declaration it makes is
/// compared whole. What the IR becomes as text is the renderer's (``RendererTests``) and the golden
/// files' (``TwoProcessGoldenTests``).
@Suite struct TranslatorTests {
    /// The one type `types` declares, translated.
    func translatedType(_ types: String) throws -> Declaration {
        let resolved = try spec(shopSpec(types))
        let type = try #require(resolved.spec.types.first)
        return TranslationContext(resolved).translateType(type)
    }

    @Test func openEnumKeepsUnknownValues() throws {
        let declaration = try translatedType(
            #""types": {"Kind": {"kind": "enum", "cases": {"agreement": "AGREEMENT"}}}"#)
        let expected = Declaration.container(
            .extension(of: "Shop"),
            members: [
                .container(
                    ContainerHeader(.public, .enum, "Kind"),
                    conformances: ["RawRepresentable", "Codable", "Hashable", "Sendable", "ParameterValue"],
                    members: [
                        .line("case agreement"),
                        .line(
                            "case unknown(String)",
                            doc: Doc("A value this version does not know yet, kept as it was sent.")),
                        .function(
                            doc: Doc("Maps a wire value to its case; unknown values become `.unknown`."),
                            signature: Signature.initializer(.public, ["rawValue: String"]),
                            body: [
                                .block(
                                    "switch rawValue",
                                    [
                                        .switchCase("case \"AGREEMENT\":", [.line("self = .agreement")]),
                                        .switchCase("default:", [.line("self = .unknown(rawValue)")]),
                                    ])
                            ]),
                        .function(
                            doc: Doc("The wire value."), signature: .property(.public, "rawValue", type: "String"),
                            body: [
                                .block(
                                    "switch self",
                                    [
                                        .switchCase("case .agreement:", [.line("\"AGREEMENT\"")]),
                                        .switchCase("case let .unknown(rawValue):", [.line("rawValue")]),
                                    ])
                            ]),
                    ])
            ])
        #expect(declaration == expected)
    }

    @Test func closedEnumIsAPlainRawValueEnum() throws {
        let declaration = try translatedType(
            #""types": {"Kind": {"kind": "enum", "open": false, "cases": {"web": "web", "app": "mobile-app"}}}"#)
        let expected = Declaration.container(
            .extension(of: "Shop"),
            members: [
                .container(
                    ContainerHeader(.public, .enum, "Kind"),
                    conformances: ["String", "Codable", "Hashable", "Sendable", "CaseIterable", "ParameterValue"],
                    members: [.line("case web"), .line("case app = \"mobile-app\"")])
            ])
        #expect(declaration == expected)
    }

    @Test func structUsesCodingKeysOnlyWhenWireNamesDiffer() throws {
        let plain = try translatedType(#""types": {"A": {"kind": "struct", "fields": {"x": "int"}}}"#)
        let expected = Declaration.container(
            .extension(of: "Shop"),
            members: [
                .container(
                    ContainerHeader(.public, .struct, "A"), conformances: ["Codable", "Hashable", "Sendable"],
                    members: [
                        .stored(StoredProperty(.public, .var, "x", type: "Int")),
                        .function(
                            doc: Doc("Creates a value with every field; optional fields default to `nil`."),
                            signature: Signature.initializer(.public, ["x: Int"]), body: [.line("self.x = x")]),
                    ])
            ])
        #expect(plain == expected)

        let renamed = try translatedType(
            #""types": {"A": {"kind": "struct", "fields": {"x": {"type": "int", "wire": "x_value"}}}}"#)
        #expect(
            [renamed].container(ContainerHeader(nil, .enum, "CodingKeys"))
                == Declaration.Container(
                    header: ContainerHeader(nil, .enum, "CodingKeys"), conformances: ["String", "CodingKey"],
                    members: [.group([.line("case x = \"x_value\"")])]))
    }

    @Test func initialiserDefaultsOptionalsAndSpecDefaults() throws {
        let declaration = try translatedType(
            #""types": {"A": {"kind": "struct", "fields": {"x": "int?", "y": {"type": "bool", "default": true}, "z": "string"}}}"#
        )
        #expect(
            [declaration].function("public init")
                == .function(
                    doc: Doc("Creates a value with every field; optional fields default to `nil`."),
                    signature: Signature.initializer(.public, ["x: Int? = nil", "y: Bool = true", "z: String"]),
                    body: [.line("self.x = x"), .line("self.y = y"), .line("self.z = z")]))
        #expect(
            [declaration].function("public init", ["from decoder: any Decoder"])
                == .function(
                    doc: Doc("Decodes a value; members the spec gives a default may be absent."),
                    signature: Signature.initializer(.public, ["from decoder: any Decoder"], " throws"),
                    body: [
                        .line("let container = try decoder.container(keyedBy: CodingKeys.self)"),
                        .line("self.x = try container.decodeIfPresent(Int.self, forKey: .x)"),
                        .line("self.y = try container.decodeIfPresent(Bool.self, forKey: .y) ?? true"),
                        .line("self.z = try container.decode(String.self, forKey: .z)"),
                    ]))
    }

    @Test func sensitiveFieldsAreRedactedInDescriptionAndMirror() throws {
        let declaration = try translatedType(
            #""types": {"Card": {"kind": "struct", "fields": {"pan": {"type": "string", "sensitive": true}, "alias": "string"}}}"#
        )
        let fields = try #require([declaration].container(ContainerHeader(.public, .struct, "Card"))).members.prefix(2)
        #expect(
            Array(fields) == [
                .stored(
                    StoredProperty(.public, .var, "pan", type: "String"),
                    doc: Doc("Sensitive: never printed, logged or journaled in clear.")),
                .stored(StoredProperty(.public, .var, "alias", type: "String")),
            ])
        #expect(
            [declaration].container(.extension(of: "Shop.Card"))
                == Declaration.Container(
                    doc: Doc("Sensitive values never appear in descriptions, `dump` or debuggers."),
                    header: .extension(of: "Shop.Card"),
                    conformances: ["CustomStringConvertible", "CustomDebugStringConvertible", "CustomReflectable"],
                    members: [
                        .function(
                            doc: Doc("A description with sensitive fields redacted."),
                            signature: .property(.public, "description", type: "String"),
                            body: [.line(#""Card(pan: \(redacted), alias: \(String(describing: alias)))""#)]),
                        .function(
                            doc: Doc(), signature: .property(.public, "debugDescription", type: "String"),
                            body: [.line("description")]),
                        .function(
                            doc: Doc("Children for `dump` and debuggers, with sensitive fields redacted."),
                            signature: .property(.public, "customMirror", type: "Mirror"),
                            body: [
                                .list(
                                    "let children: KeyValuePairs<String, Any> = [",
                                    [#""pan": redacted"#, #""alias": alias"#]),
                                .line("return Mirror(self, children: children)"),
                            ]),
                    ]))
    }

    @Test func valueTypeChecksItsRules() throws {
        let declaration = try translatedType(
            #""types": {"GSMNO": {"kind": "value", "base": "string", "pattern": "5[0-9]{9}", "constants": {"demo": "5000000001"}}}"#
        )
        let expected = Declaration.container(
            .extension(of: "Shop"),
            members: [
                .container(
                    ContainerHeader(.public, .struct, "GSMNO"),
                    conformances: ["RuleCheckedValue", "Hashable", "Sendable", "ParameterValue"],
                    members: [
                        .stored(
                            StoredProperty(
                                .public, isStatic: true, .let, "rules", type: "[ValueRule]",
                                value: .inline(#"[.pattern("5[0-9]{9}")]"#)),
                            doc: Doc("The rules every value keeps, as the spec states them.")),
                        .stored(StoredProperty(.public, .let, "rawValue", type: "String")),
                        .function(
                            doc: Doc(
                                "Checks the spec's rules and wraps a wire value; apps use `init(validating:)`.\n- Throws: `ValueRuleFailure` naming the rule the value breaks.",
                                attributes: [.generatedSPI]
                            ),
                            signature: Signature.initializer(
                                .public, ["wireValue rawValue: String"],
                                " throws(ValueRuleFailure)"),
                            body: [
                                .line(#"try ValueRule.check(rawValue, Self.rules, type: "GSMNO")"#),
                                .line("self.rawValue = rawValue"),
                            ]),
                        .function(
                            doc: Doc("Wraps a value the spec already checked (constants, defaults)."),
                            signature: Signature.initializer(
                                nil, ["unchecked rawValue: String"], attributes: [.usableFromInline]),
                            body: [.line("self.rawValue = rawValue")]),
                        .stored(
                            StoredProperty(
                                .public, isStatic: true, .let, "demo",
                                value: .inline(#"GSMNO(unchecked: "5000000001")"#))),
                    ])
            ])
        #expect(declaration == expected)
    }

    @Test func unionThrowsOnAnUnknownDiscriminator() throws {
        let declaration = try translatedType(
            #""types": {"S": {"kind": "union", "discriminator": "status", "cases": {"on": {"wire": "ON", "payload": "[int]", "field": "values"}, "off": {"wire": "OFF"}}}}"#
        )
        #expect(
            [declaration].function("public init", ["from decoder: any Decoder"])
                == .function(
                    doc: Doc(), signature: Signature.initializer(.public, ["from decoder: any Decoder"], " throws"),
                    body: [
                        .line("let container = try decoder.container(keyedBy: CodingKeys.self)"),
                        .block(
                            "switch try container.decode(String.self, forKey: .discriminator)",
                            [
                                .switchCase(
                                    #"case "ON":"#,
                                    [.line("self = .on(try container.decode([Int].self, forKey: .values))")]),
                                .switchCase(#"case "OFF":"#, [.line("self = .off")]),
                                .switchCase(
                                    "case let other:",
                                    [
                                        .call(
                                            "throw UnknownDiscriminator(",
                                            [#"type: "S""#, #"field: "status""#, "value: other"])
                                    ]),
                            ]),
                    ]))
    }
}
