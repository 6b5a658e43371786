import SpecsmithGenerator
import Testing

/// A signature's head is typed parts; Swift's spelling of it comes from one place.
struct SignatureHeadTests {
    @Test(arguments: [
        (Signature.function(.public, "verify", ["code: String"]), "public func verify"),
        (Signature.function(nil, "resend"), "func resend"),
        (Signature.function(.public, "==", ["lhs: A", "rhs: A"], " -> Bool", isStatic: true), "public static func =="),
        (Signature.initializer(.public), "public init"),
        (Signature.initializer(.public, ["_ rawValue: String"], isFailable: true), "public init?"),
        (
            Signature.initializer(nil, ["unchecked rawValue: String"], attributes: [.usableFromInline]),
            "@usableFromInline init"
        ),
        (Signature.property(.private, "errorBody", type: "MockErrorBody"), "private var errorBody: MockErrorBody"),
    ])
    func spellsItsPartsAsSwiftDoes(signature: Signature, head: String) {
        #expect(signature.head == head)
    }

    @Test func anOperatorIsSetApartFromItsParameters() {
        let equality = Declaration.function(
            doc: Doc(), signature: .function(.public, "==", ["lhs: A", "rhs: A"], " -> Bool", isStatic: true),
            body: [.line("true")])
        #expect(Renderer().render([equality]).contains("public static func == (lhs: A, rhs: A) -> Bool {"))
        let property = Declaration.function(
            doc: Doc(), signature: .property(.public, "description", type: "String"), body: [.line("\"A\"")])
        #expect(Renderer().render([property]).contains("public var description: String {"))
    }
}
