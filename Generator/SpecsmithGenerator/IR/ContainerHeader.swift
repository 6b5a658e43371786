/// What opens a container, as parts rather than text: `public final class Client`,
/// `extension Shop.Card`, `enum CodingKeys`.
public struct ContainerHeader: Sendable, Equatable {
    /// The kinds of container generated code declares.
    public enum Kind: String, Sendable, Equatable {
        case `struct`, `enum`, `class`, `protocol`, `extension`
    }

    /// What is written between the access level and the kind.
    public enum Modifier: String, Sendable, Equatable {
        /// A class that nothing subclasses.
        case final
        /// An enum whose cases hold it, stored out of line.
        case indirect
    }

    /// Who may reach it; `nil` writes no access keyword (an extension, or a type left internal).
    public var access: AccessLevel?
    public var modifiers: [Modifier]
    public var kind: Kind
    /// The type's name, or for an extension the qualified name of the type it extends.
    public var name: String

    public init(_ access: AccessLevel?, _ kind: Kind, _ name: String, modifiers: [Modifier] = []) {
        precondition(kind != .extension || access == nil, "generated extensions carry no access keyword")
        precondition(!modifiers.contains(.final) || kind == .class, "only a class is final")
        precondition(!modifiers.contains(.indirect) || kind == .enum, "only an enum is indirect")
        self.access = access
        self.modifiers = modifiers
        self.kind = kind
        self.name = name
    }

    /// `extension` of the type named `name`, such as `Shop.Card`.
    public static func `extension`(of name: String) -> ContainerHeader {
        ContainerHeader(nil, .extension, name)
    }

    /// The header as Swift spells it.
    public var text: String {
        let words = [access?.rawValue].compactMap { $0 } + modifiers.map(\.rawValue) + [kind.rawValue, name]
        return words.joined(separator: " ")
    }
}
