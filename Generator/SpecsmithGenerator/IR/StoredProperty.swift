/// A stored property or constant, as parts: `public var kind: Kind`,
/// `@Indirect public var next: Node?`, `public static let catalog: [Code: Info] = [ … ]`.
public struct StoredProperty: Sendable, Equatable {
    public enum Mutability: String, Sendable, Equatable {
        case `let`, `var`
    }

    /// What follows ` = `, if anything.
    public enum Value: Sendable, Equatable {
        /// An expression on the declaration's own line, which breaks after ` = ` when too long.
        case inline(String)
        /// A call or collection laid out like a statement: on one line when it fits, else wrapped.
        case laidOut(Statement)
    }

    /// Attributes written before it on the same line, such as its property wrapper.
    public var attributes: [Attribute]
    /// Who may reach it; `nil` writes no access keyword.
    public var access: AccessLevel?
    public var isStatic: Bool
    public var mutability: Mutability
    public var name: String
    /// Its type, or `nil` where the value gives it.
    public var type: String?
    public var value: Value?

    public init(
        attributes: [Attribute] = [], _ access: AccessLevel?, isStatic: Bool = false, _ mutability: Mutability,
        _ name: String, type: String? = nil, value: Value? = nil
    ) {
        precondition(type != nil || value != nil, "a stored property has a type or a value")
        self.attributes = attributes
        self.access = access
        self.isStatic = isStatic
        self.mutability = mutability
        self.name = name
        self.type = type
        self.value = value
    }

    /// Everything before ` = ` as Swift spells it: `public static let catalog: [Code: Info]`.
    public var head: String {
        let words =
            attributes.map(\.text) + [access?.rawValue].compactMap { $0 } + (isStatic ? ["static"] : [])
            + [mutability.rawValue, name + (type.map { ": \($0)" } ?? "")]
        return words.joined(separator: " ")
    }

    /// The declaration as the renderer lays it out: a line, or a statement that the head begins.
    func laidOut(doc: Doc) -> Declaration {
        switch value {
        case nil: return .line(doc: doc, text: head)
        case let .inline(expression): return .line(doc: doc, text: head + " = " + expression)
        case let .laidOut(statement): return .statement(doc: doc, statement.prefixed(head + " = "))
        }
    }
}

extension Statement {
    /// The statement with `prefix` before its first line: `let x = ` before a call.
    func prefixed(_ prefix: String) -> Statement {
        switch self {
        case let .line(text): .line(prefix + text)
        case let .call(head, arguments, tail, isCollection):
            .call(head: prefix + head, arguments: arguments, tail: tail, isCollection: isCollection)
        case let .packedCall(head, arguments, tail): .packedCall(head: prefix + head, arguments: arguments, tail: tail)
        case let .collection(head, elements, tail): .collection(head: prefix + head, elements: elements, tail: tail)
        case let .block(header, body): .block(prefix + header, body)
        case let .closure(header, body): .closure(prefix + header, body)
        case let .switchCase(label, body): .switchCase(prefix + label, body)
        case let .chain(links):
            .chain(
                links.enumerated().map { index, link in
                    index == 0 ? Statement.Link(prefix + link.header, link.body) : link
                })
        }
    }
}

extension Declaration {
    /// A stored property or type alias as the line or statement the renderer lays out; any other
    /// declaration as it is.
    var laidOut: Declaration {
        switch self {
        case let .stored(doc, property): property.laidOut(doc: doc)
        case let .typeAlias(doc, access, name, type):
            .line(
                doc: doc,
                text: ([access?.rawValue].compactMap { $0 } + ["typealias", name, "=", type]).joined(separator: " "))
        default: self
        }
    }
}
