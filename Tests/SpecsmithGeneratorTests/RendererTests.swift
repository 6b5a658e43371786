import Testing

@testable import SpecsmithGenerator

@Suite struct RendererTests {
    @Test func longSignaturesPutOneParameterPerLine() {
        let signature = Signature.function(
            .public, "f", (1...8).map { "parameter\($0): String" }, " async throws(Failure)")
        let text = Renderer(lineLength: 60).render([.function(doc: Doc(), signature: signature, body: [.line("g()")])])
        let parameters = (1...8).map { "    parameter\($0): String" }.joined(separator: ",\n")
        #expect(text == "public func f(\n\(parameters)\n) async throws(Failure) {\n    g()\n}\n")
    }

    @Test func shortSignaturesStayOnOneLine() {
        let text = Renderer().render([
            .function(doc: Doc(), signature: Signature.function(nil, "f", ["a: Int"]), body: [])
        ])
        #expect(text == "func f(a: Int) {\n}\n")
    }

    @Test func docsWrapAtTheLineLimitAndKeepListsTogether() {
        let doc = Doc(["one two three four five six", "- Parameters:", "  - a: the a"])
        let text = Renderer(lineLength: 20).render([.line("let a = 1", doc: doc)])
        #expect(text == "/// one two three\n/// four five six\n///\n/// - Parameters:\n///   - a: the a\nlet a = 1\n")
    }

    @Test func catchContinuesTheBlockBeforeIt() {
        let body: [Statement] = [.chain([.init("do", [.line("try f()")]), .init("catch", [.line("g()")])])]
        let text = Renderer().render([.function(doc: Doc(), signature: Signature.function(nil, "h"), body: body)])
        #expect(text == "func h() {\n    do {\n        try f()\n    } catch {\n        g()\n    }\n}\n")
    }

    @Test func operatorsAreSpacedFromTheirParameters() {
        let signature = Signature.function(nil, "==", ["lhs: A", "rhs: A"], " -> Bool", isStatic: true)
        let text = Renderer().render([.function(doc: Doc(), signature: signature, body: [.line("true")])])
        #expect(text == "static func == (lhs: A, rhs: A) -> Bool {\n    true\n}\n")
    }

    @Test func aStringTooLongForAnyLineBecomesAMultiLineLiteralWithTheSameValue() {
        let text = Renderer(lineLength: 40).render([
            .statement(
                doc: Doc(),
                .packedCall(
                    head: "let a = f(",
                    arguments: ["code: 1", #"message: "one two three four five six seven eight nine ten""#],
                    tail: ")"))
        ])
        #expect(
            text == #"""
                let a = f(
                    code: 1,
                    message: """
                        one two three four five six \
                        seven eight nine ten
                        """)

                """#)
    }

    @Test func aCollectionOfOneElementHasNoTrailingComma() {
        let text = Renderer(lineLength: 12).render([
            .statement(doc: Doc(), .collection(head: "let a = [", elements: [.line("100")], tail: "]"))
        ])
        #expect(text == "let a = [\n    100\n]\n")
    }

    @Test func longConformanceListsWrapAsSwiftFormatWrapsThem() {
        let container = Declaration.container(
            .extension(of: "Namespace.SomeLongTypeName"),
            conformances: ["CustomStringConvertible", "CustomDebugStringConvertible", "CustomReflectable"],
            members: [.line("let a = 1")])
        let text = Renderer(lineLength: 80).render([container])
        #expect(
            text == """
                extension Namespace.SomeLongTypeName: CustomStringConvertible,
                    CustomDebugStringConvertible, CustomReflectable
                {
                    let a = 1
                }

                """)
    }

    @Test func collectionsThatFitStayOnOneLine() {
        let text = Renderer().render([
            .statement(doc: Doc(), .collection(head: "let a = [", elements: [.line("1"), .line("2")], tail: "]"))
        ])
        #expect(text == "let a = [1, 2]\n")
    }

    @Test func collectionsEndEveryElementWithAComma() {
        let text = Renderer(lineLength: 12).render([
            .statement(doc: Doc(), .collection(head: "let a = [", elements: [.line("1"), .line("2")], tail: "]"))
        ])
        #expect(text == "let a = [\n    1,\n    2,\n]\n")
    }
}

@Suite struct PackedCallTests {
    @Test func packedCallsFillContinuationLinesAndCloseOnTheLast() {
        let text = Renderer(lineLength: 30).render([
            .statement(
                doc: Doc(),
                .packedCall(head: "let a = f(", arguments: ["one: 1", "two: 2", "three: 3", "four: 4"], tail: ")"))
        ])
        #expect(text == "let a = f(\n    one: 1, two: 2, three: 3,\n    four: 4)\n")
    }
}
