import SpecsmithGenerator
import Testing

/// A container's header is typed parts; Swift's spelling of it comes from one place.
struct ContainerHeaderTests {
    @Test(arguments: [
        (ContainerHeader(.public, .struct, "Card"), "public struct Card"),
        (ContainerHeader(.package, .struct, "Client"), "package struct Client"),
        (ContainerHeader(.public, .class, "PaymentOTP", modifiers: [.final]), "public final class PaymentOTP"),
        (ContainerHeader(.public, .enum, "Node", modifiers: [.indirect]), "public indirect enum Node"),
        (ContainerHeader(nil, .enum, "CodingKeys"), "enum CodingKeys"),
        (ContainerHeader(.public, .protocol, "ShopHandler"), "public protocol ShopHandler"),
        (.extension(of: "Shop.Card"), "extension Shop.Card"),
    ])
    func spellsItsPartsAsSwiftDoes(header: ContainerHeader, text: String) {
        #expect(header.text == text)
    }

    @Test func rendersInTheContainerItOpens() {
        let nested = Declaration.container(
            .extension(of: "Shop"), members: [.container(ContainerHeader(.public, .struct, "A"), members: [])])
        #expect(Renderer().render([nested]).contains("extension Shop {\n    public struct A {}\n}"))
    }
}
