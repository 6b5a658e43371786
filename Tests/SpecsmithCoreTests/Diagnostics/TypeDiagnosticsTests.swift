import Foundation
import SpecsmithCore
import Testing

@Suite struct TypeDiagnosticsTests {
    @Test func unknownTypeSuggestsTheClosestName() {
        SpecFixture(
            types: """
                "Card": {"kind": "struct", "fields": {"id": "string"}},
                "Wallet": {"kind": "struct", "fields": {"cards": »"[Crad]"}}
                """
        ).expect("unknown type \"Crad\"", note: "did you mean \"Card\"?")
    }

    @Test func unknownTypeWithNothingCloseSaysWhereToDeclareIt() {
        SpecFixture(types: #""Wallet": {"kind": "struct", "fields": {"owner": »"Person"}}"#).expect(
            "unknown type \"Person\"", note: "declare it under \"types\"")
    }

    @Test func duplicateTypeNameIsAnError() {
        SpecFixture(
            types: """
                "Card": {"kind": "struct", "fields": {}},
                »"Card": {"kind": "enum", "cases": {"a": "A"}}
                """
        ).expect("duplicate key \"Card\" in types")
    }

    @Test func fieldNameThatIsNotAnIdentifierSuggestsOne() {
        SpecFixture(types: #""Card": {"kind": "struct", "fields": {»"first-name": "string"}}"#).expect(
            "invalid Swift identifier", note: "\"firstName\"")
    }

    @Test func reservedWordCannotNameAField() {
        SpecFixture(types: #""Card": {"kind": "struct", "fields": {»"class": "string"}}"#).expect(
            "\"class\" is a reserved Swift keyword", note: "classValue")
    }

    @Test func misspelledKeyIsAnErrorWithASuggestion() {
        SpecFixture(types: #""Card": {"kind": "struct", "fields": {"pan": {"type": "string", »"sensitve": true}}}"#)
            .expect(
                "unknown key \"sensitve\"", note: "did you mean \"sensitive\"?")
    }

    @Test func optinalTypoIsNotIgnored() {
        SpecFixture(types: #""Card": {"kind": "struct", "fields": {"alias": {"type": "string", »"optinal": true}}}"#)
            .expect("unknown key \"optinal\" in field \"alias\"", note: "known keys:")
    }

    @Test func wrongJSONKindForAKey() {
        SpecFixture(types: #""Card": {"kind": "struct", "fields": {"pan": {"type": "string", "sensitive": »"yes"}}}"#)
            .expect("\"sensitive\" in field \"pan\" of type \"Card\" must be a boolean, not a string")
    }

    @Test func fieldsMustBeAnObject() {
        SpecFixture(types: #""Card": {"kind": "struct", "fields": »[]}"#).expect(
            "\"fields\" in type \"Card\" must be an object, not an array")
    }

    @Test func misspelledTypeKind() {
        SpecFixture(types: #""Card": {"kind": »"strcut", "fields": {}}"#).expect(
            "unknown type kind \"strcut\"", note: "did you mean \"struct\"?")
    }

    @Test func discriminatorValuesMustNotCollide() {
        SpecFixture(
            types: """
                "Status": {"kind": "union", "discriminator": "status", "cases": {
                  "linked": {"wire": "LINKED"},
                  »"connected": {"wire": "LINKED"}
                }}
                """
        ).expect("discriminator value \"LINKED\" of union \"Status\" is already used")
    }

    @Test func patternOnAnIntIsTheWrongBase() {
        SpecFixture(types: #""Count": {"kind": "value", "base": "int", "pattern": »"[0-9]+"}"#).expect(
            "the rule \"pattern\" applies to string values, but \"Count\" wraps int", note: "minimum")
    }

    @Test func minimumOnAStringIsTheWrongBase() {
        SpecFixture(types: #""Code": {"kind": "value", "base": "string", "minimum": »1}"#).expect(
            "the rule \"minimum\" applies to numeric values", note: "minLength")
    }

    @Test func invalidRegularExpression() {
        SpecFixture(types: #""Code": {"kind": "value", "base": "string", "pattern": »"[0-9"}"#).expect(
            "invalid regular expression \"[0-9\"")
    }

    @Test func openEnumCannotDeclareUnknown() {
        SpecFixture(types: #""Kind": {"kind": "enum", "cases": {"a": "A", »"unknown": "U"}}"#).expect(
            "\"unknown\" is the generated case", note: "\"open\": false")
    }

    @Test func constantMustKeepItsTypesRules() {
        SpecFixture(
            types:
                #""Currency": {"kind": "value", "base": "string", "pattern": "[A-Z]{3}", "constants": {"lira": »"try"}}"#
        )
        .expect("constant \"lira\" breaks the rule \"pattern\"")
    }

    @Test func defaultMustFitTheFieldType() {
        SpecFixture(types: #""Card": {"kind": "struct", "fields": {"count": {"type": "int", "default": »"one"}}}"#)
            .expect(
                "the default of \"count\" is a string")
    }

    /// Every name generated code declares in the namespace or refers to unqualified; a spec type of
    /// that name would shadow it and the module would not compile.
    @Test(arguments: GeneratedNames.reservedTypeNames(withOTPs: false, features: []).sorted())
    func generatedNamesAreReserved(name: String) {
        SpecFixture(types: "»\"\(name)\": {\"kind\": \"struct\", \"fields\": {}}").expect(
            "the name \"\(name)\" is taken by generated code", note: "Shop\(name)")
    }

    @Test func generatedMemberNamesAreReservedWhereTheyAreDeclared() {
        SpecFixture(
            types: #"""
                "Card": {"kind": "struct", "fields": {
                  »"description": "string", "pan": {"type": "string", "sensitive": true}}}
                """#
        ).expect("the field name \"description\" of \"Card\" is taken by generated code")
    }

    /// A sensitive struct declares `description` to redact itself; a type nested in it by that name
    /// makes every use of the name ambiguous.
    @Test func aTypeNestedInASensitiveStructCannotBeNamedDescription() {
        SpecFixture(
            types: #"""
                "Card": {"kind": "struct", "fields": {"pan": {"type": "string", "sensitive": true}}},
                »"Card.description": {"kind": "value", "base": "string"}
                """#
        ).expect("the type name \"description\" in \"Card\" is taken by generated code")
    }

    /// Redacted descriptions print the runtime's `redacted` placeholder for each sensitive field; a
    /// field of that name would be printed instead, a sensitive one in clear.
    @Test func aFieldOfASensitiveStructCannotBeNamedRedacted() {
        SpecFixture(
            types: #"""
                "Card": {"kind": "struct", "fields": {»"redacted": {"type": "string", "sensitive": true}}}
                """#
        ).expect("the field name \"redacted\" of \"Card\" is taken by generated code")
    }

    /// Inside `Wallet`, generated code's `Card` is `Wallet.Card`: the owner field would decode as it.
    @Test func aNestedTypeMayNotHideATopLevelTypeItsParentNames() {
        SpecFixture(
            types: #"""
                "Card": {"kind": "struct", "fields": {"number": "string"}},
                "Wallet": {"kind": "struct", "fields": {"cards": "[Card]"}},
                »"Wallet.Card": {"kind": "struct", "fields": {"alias": "string"}}
                """#
        ).expect("the nested type \"Wallet.Card\" hides the type \"Card\" that \"Wallet\" names", note: "WalletCard")
        // Where the parent never names the top-level type, the nested one hides nothing.
        let fixture = SpecFixture(
            types: #"""
                "Card": {"kind": "struct", "fields": {"number": "string"}},
                "Wallet": {"kind": "struct", "fields": {"alias": "Wallet.Card"}},
                "Wallet.Card": {"kind": "struct", "fields": {"alias": "string"}}
                """#)
        #expect(fixture.diagnostics.isEmpty, "\(fixture.diagnostics)")
    }

    /// A struct with nothing sensitive declares no description of its own, so a field may take the name.
    @Test func aPlainStructMayHaveADescriptionField() {
        let fixture = SpecFixture(
            types: #""Issue": {"kind": "struct", "fields": {"description": "string", "debugDescription": "string?"}}"#)
        #expect(fixture.diagnostics.isEmpty, "\(fixture.diagnostics)")
    }

    /// Contextual keywords are identifiers to Swift 6: an issue tracker's `state: open` and its `type`.
    @Test func contextualKeywordsNameCasesAndFields() {
        let fixture = SpecFixture(
            types: #"""
                "State": {"kind": "enum", "cases": {"open": "open", "closed": "closed"}},
                "Issue": {"kind": "struct", "fields": {"open": "bool", "type": "string", "some": "string?", "state": "State"}}
                """#)
        #expect(fixture.diagnostics.isEmpty, "\(fixture.diagnostics)")
    }

    @Test func nestedTypeNeedsItsParent() {
        SpecFixture(types: #"»"Card.ID": {"kind": "value", "base": "string"}"#).expect("unknown parent type \"Card\"")
    }
}

/// One missing key gives one diagnostic: a declaration that cannot be read is still known by name,
/// so its uses are not reported as unknown too (removing one error's `code` used to give seven lines
/// before the real one).
@Suite struct CascadeTests {
    /// BKM's spec with `cut` removed once, after `anchor`.
    static func bkmSpec(removing cut: String, after anchor: String) throws -> String {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(
                "Spec/bkm-express-lite.json")
        let text = try String(contentsOf: url, encoding: .utf8)
        let start = try #require(text.range(of: anchor))
        let found = try #require(text.range(of: cut, range: start.upperBound..<text.endIndex))
        return text.replacingCharacters(in: found, with: "")
    }

    @Test(arguments: [
        ("\"code\": 1049,", "\"errors\"", "needs a \"code\", or a \"status\""),
        ("\"kind\": \"struct\",", "\"Card\": {", "is missing the required key \"kind\""),
        ("\"method\": \"POST\",", "\"issueAuthToken\": {", "is missing the required key \"method\""),
    ])
    func oneMissingKeyIsOneDiagnostic(cut: String, anchor: String, message: String) throws {
        let text = try Self.bkmSpec(removing: cut, after: anchor)
        let diagnostics = SpecLoader.load(text: text, path: "Spec/bkm-express-lite.json").diagnostics.sorted
        #expect(diagnostics.count == 1, "\(diagnostics.map { $0.rendered(file: "bkm") })")
        #expect(diagnostics.first?.message.contains(message) == true)
    }
}

/// The defaults of 64-bit and unsigned integer fields must fit their width and sign.
@Suite struct WideIntegerDiagnosticsTests {
    @Test func unsignedDefaultCannotBeNegative() {
        SpecFixture(types: #""Stock": {"kind": "struct", "fields": {"left": {"type": "uint64", "default": »-1}}}"#)
            .expect("the default of \"left\" must be a whole number that is not negative")
    }

    @Test func int64DefaultMustFitSixtyFourBits() {
        SpecFixture(
            types:
                #""Stock": {"kind": "struct", "fields": {"serial": {"type": "int64", "default": »9223372036854775808}}}"#
        )
        .expect("the default of \"serial\" must be a whole number")
    }

    @Test func freeFormJSONTakesAnyDefaultAndNull() {
        let fixture = SpecFixture(
            types:
                #""Note": {"kind": "struct", "fields": {"a": {"type": "json", "default": {"k": [1, null]}}, "b": {"type": "json", "default": null}}}"#
        )
        #expect(fixture.diagnostics.isEmpty, "\(fixture.diagnostics.map(\.message))")
    }

    @Test func largestUnsignedDefaultIsAccepted() {
        let fixture = SpecFixture(
            types:
                #""Stock": {"kind": "struct", "fields": {"left": {"type": "uint64", "default": 18446744073709551615}}}"#
        )
        #expect(fixture.diagnostics.isEmpty, "\(fixture.diagnostics.map(\.message))")
    }
}
