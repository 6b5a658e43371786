import SpecsmithCore
import Testing

/// Which fields a type that holds itself stores out of line, which unions are indirect, and which
/// loops lint refuses because no value of them could end.
@Suite struct TypeRecursionTests {
    func recursion(_ types: String) throws -> TypeRecursion {
        let fixture = SpecFixture(types: types)
        let spec = try #require(SpecLoader.load(text: fixture.text, path: "Spec/shop.json").spec)
        return TypeRecursion(spec)
    }

    /// Stripe's shape: an error that embeds the payment, a payment whose last error is that error.
    @Test func aMutualLoopBoxesTheFieldsThatCloseItAndNothingElse() throws {
        let found = try recursion(
            #"""
            "Problem": {"kind": "struct", "fields": {"title": "string", "payment": "Payment?"}},
            "Payment": {"kind": "struct", "fields": {"id": "string", "lastError": "Problem?", "card": "Card?"}},
            "Card": {"kind": "struct", "fields": {"last4": "string"}}
            """#)
        #expect(found.indirectFields == ["Problem": ["payment"], "Payment": ["lastError"]])
        #expect(found.selfReferencingTypes == ["Problem", "Payment"])
        #expect(found.indirectUnions.isEmpty && found.endlessTypes.isEmpty)
    }

    /// A list or a map is on the heap already: the struct compiles as it is, but its schema still
    /// refers to itself.
    @Test func aLoopThroughAListNeedsNoBox() throws {
        let found = try recursion(
            #""Comment": {"kind": "struct", "fields": {"replies": "[Comment]", "tags": "[string: Comment]?"}}"#)
        #expect(found.indirectFields.isEmpty)
        #expect(found.selfReferencingTypes == ["Comment"])
    }

    @Test func aUnionThatHoldsItselfThroughUnionsIsIndirect() throws {
        let found = try recursion(
            #"""
            "Expr": {"kind": "union", "discriminator": "op", "cases": {
              "literal": {"wire": "lit", "payload": "int"}, "negate": {"wire": "neg", "payload": "Expr"}}}
            """#)
        #expect(found.indirectUnions == ["Expr"] && found.indirectFields.isEmpty)
    }

    @Test func aStructInsideAUnionLoopIsBoxedAtTheStruct() throws {
        let found = try recursion(
            #"""
            "Node": {"kind": "union", "discriminator": "kind", "cases": {"leaf": {"wire": "leaf", "payload": "Leaf"}}},
            "Leaf": {"kind": "struct", "fields": {"next": "Node?"}}
            """#)
        #expect(found.indirectFields == ["Leaf": ["next"]] && found.indirectUnions.isEmpty)
    }

    @Test func aLoopOfRequiredFieldsHasNoEndAndLintSaysSo() {
        SpecFixture(
            types: #"""
                »"Chain": {"kind": "struct", "fields": {"next": "Link"}},
                "Link": {"kind": "struct", "fields": {"chain": "Chain"}}
                """#
        ).expect("every \"Chain\" holds another \"Chain\" through required fields", note: "optional")
    }

    @Test func aLoopWithAnOptionalOrNullableStepLintsClean() {
        for step in [#""Link?""#, #"{"type": "Link", "nullable": true}"#] {
            let fixture = SpecFixture(
                types: """
                    "Chain": {"kind": "struct", "fields": {"next": \(step)}},
                    "Link": {"kind": "struct", "fields": {"chain": "Chain"}}
                    """)
            #expect(fixture.diagnostics.filter { $0.severity == .error }.isEmpty, "\(fixture.diagnostics)")
        }
    }
}
