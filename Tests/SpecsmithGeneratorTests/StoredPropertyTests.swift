import Testing

@testable import SpecsmithGenerator

/// A stored property is typed parts; it renders as the line or statement it heads.
struct StoredPropertyTests {
    @Test(arguments: [
        (StoredProperty(.public, .var, "kind", type: "Kind"), "public var kind: Kind"),
        (StoredProperty(.private, .let, "core", type: "ClientCore"), "private let core: ClientCore"),
        (
            StoredProperty(attributes: [.propertyWrapper("Indirect")], .public, .var, "next", type: "Node?"),
            "@Indirect public var next: Node?"
        ),
        (
            StoredProperty(.public, isStatic: true, .let, "isSensitive", value: .inline("true")),
            "public static let isSensitive"
        ),
    ])
    func spellsItsPartsAsSwiftDoes(property: StoredProperty, head: String) {
        #expect(property.head == head)
    }

    @Test func aValueOnItsLineStaysALine() {
        let constant = Declaration.stored(
            StoredProperty(.public, isStatic: true, .let, "demo", value: .inline("Code(rawValue: 1)")))
        #expect(constant.laidOut == .line("public static let demo = Code(rawValue: 1)"))
    }

    @Test func aLaidOutValueWrapsAfterItsHead() {
        let table = Declaration.stored(
            StoredProperty(
                .public, isStatic: true, .let, "catalog", type: "[Int: String]",
                value: .laidOut(
                    .collection(head: "[", elements: [.line("1: \"one\""), .line("2: \"two\"")], tail: "]"))))
        #expect(
            table.laidOut
                == .statement(
                    doc: Doc(),
                    .collection(
                        head: "public static let catalog: [Int: String] = [",
                        elements: [.line("1: \"one\""), .line("2: \"two\"")], tail: "]")))
        #expect(Renderer(lineLength: 30).render([table]).contains("public static let catalog: [Int: String] = [\n"))
    }
}
