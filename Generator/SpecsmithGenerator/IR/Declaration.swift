/// A Swift declaration in the generator's intermediate representation.
///
/// Translators build these; only the renderer knows about text layout, indentation and line breaks.
public indirect enum Declaration: Sendable, Equatable {
    /// A type or extension with members: `public struct Card: Codable { … }`.
    case container(Container)
    /// A one-line member such as `public var id: ID` or `case linked([Card])`.
    case line(doc: Doc, text: String)
    /// A function, initialiser, subscript or computed property with a body.
    case function(doc: Doc, signature: Signature, body: [Statement])
    /// `case a, b` lines and the like, kept together without blank lines between them.
    case group([Declaration])
    /// A protocol requirement: a signature without a body.
    case requirement(doc: Doc, signature: Signature)
    /// A declaration laid out like a statement, such as a constant whose initialiser call may wrap.
    case statement(doc: Doc, Statement)
    /// A stored property or constant.
    case stored(doc: Doc, StoredProperty)
    /// `typealias name = type`, with its access level.
    case typeAlias(doc: Doc, access: AccessLevel?, name: String, type: String)

    /// A container: its header (`public struct Card`), conformances and members; its attributes
    /// are its doc's.
    public struct Container: Sendable, Equatable {
        public var doc: Doc
        public var header: ContainerHeader
        public var conformances: [String]
        public var members: [Declaration]

        public init(doc: Doc = Doc(), header: ContainerHeader, conformances: [String] = [], members: [Declaration]) {
            self.doc = doc
            self.header = header
            self.conformances = conformances
            self.members = members
        }
    }

    public static func container(
        doc: Doc = Doc(), _ header: ContainerHeader, conformances: [String] = [], members: [Declaration]
    ) -> Declaration {
        .container(Container(doc: doc, header: header, conformances: conformances, members: members))
    }

    public static func line(_ text: String, doc: Doc = Doc()) -> Declaration {
        .line(doc: doc, text: text)
    }

    public static func stored(_ property: StoredProperty, doc: Doc = Doc()) -> Declaration {
        .stored(doc: doc, property)
    }
}

/// Documentation: paragraphs of prose plus the attributes that precede a declaration.
public struct Doc: Sendable, Equatable {
    public var paragraphs: [String]
    public var attributes: [Attribute]

    public init(_ paragraphs: [String] = [], attributes: [Attribute] = []) {
        self.paragraphs = paragraphs.filter { !$0.isEmpty }
        self.attributes = attributes
    }

    public init(_ text: String, attributes: [Attribute] = []) {
        self.init(
            text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init), attributes: attributes)
    }

    public var isEmpty: Bool { paragraphs.isEmpty && attributes.isEmpty }
}

/// A signature whose parameters the renderer lays out on one line or one per line; what comes before
/// them is typed parts, spelled by ``head``.
public struct Signature: Sendable, Equatable {
    /// What the signature declares, with its name.
    public enum Kind: Sendable, Equatable {
        /// `func name`, operators included (`==`).
        case function(String)
        /// `init`, or `init?` when it may fail.
        case initializer(isFailable: Bool)
        /// A computed property, `var name: Type`, which has no parameter list.
        case property(String, type: String)
    }

    /// Attributes written before it on the same line, such as `@usableFromInline`.
    public var attributes: [Attribute]
    /// Who may reach it; `nil` writes no access keyword (a protocol requirement, or internal).
    public var access: AccessLevel?
    public var isStatic: Bool
    public var kind: Kind
    /// `nil` for a computed property, which has no parameter list.
    public var parameters: [String]?
    /// Everything after the parameters: ` async throws(Failure) -> PaymentToken`.
    public var tail: String

    public init(
        attributes: [Attribute] = [], access: AccessLevel?, isStatic: Bool = false, kind: Kind,
        parameters: [String]?, tail: String = ""
    ) {
        if case .property = kind { precondition(parameters == nil, "a computed property has no parameter list") }
        self.attributes = attributes
        self.access = access
        self.isStatic = isStatic
        self.kind = kind
        self.parameters = parameters
        self.tail = tail
    }

    /// `func name(parameters)tail`.
    public static func function(
        _ access: AccessLevel?, _ name: String, _ parameters: [String] = [], _ tail: String = "",
        isStatic: Bool = false
    ) -> Signature {
        Signature(access: access, isStatic: isStatic, kind: .function(name), parameters: parameters, tail: tail)
    }

    /// `init(parameters)tail`, or `init?` when `isFailable`.
    public static func initializer(
        _ access: AccessLevel?, _ parameters: [String] = [], _ tail: String = "", isFailable: Bool = false,
        attributes: [Attribute] = []
    ) -> Signature {
        Signature(
            attributes: attributes, access: access, kind: .initializer(isFailable: isFailable),
            parameters: parameters, tail: tail)
    }

    /// A computed property: `public var description: String`.
    public static func property(_ access: AccessLevel?, _ name: String, type: String) -> Signature {
        Signature(access: access, kind: .property(name, type: type), parameters: nil)
    }

    /// Everything before the parameter list as Swift spells it: `public func verify`,
    /// `@usableFromInline init`, `public var description: String`.
    public var head: String {
        let declared =
            switch kind {
            case let .function(name): "func \(name)"
            case let .initializer(isFailable): isFailable ? "init?" : "init"
            case let .property(name, type): "var \(name): \(type)"
            }
        let words =
            attributes.map(\.text) + [access?.rawValue].compactMap { $0 } + (isStatic ? ["static"] : []) + [declared]
        return words.joined(separator: " ")
    }

    /// Whether its name is an operator, which the renderer spaces from its parameters.
    public var isOperator: Bool {
        if case let .function(name) = kind, let first = name.first { "=<>!+-*/%&|^~".contains(first) } else { false }
    }
}

/// A statement inside a body.
public indirect enum Statement: Sendable, Equatable {
    case line(String)
    /// `header {` body `}`.
    case block(String, [Statement])
    /// Blocks that continue one another: `do { … } catch { … }`, `if … { … } else { … }`.
    case chain([Link])
    /// `header` (ending in `{ … in`), body, `}`: a closure, such as an element of a collection.
    case closure(String, [Statement])
    /// `head` elements `tail`, one element per line, each followed by a comma.
    case collection(head: String, elements: [Statement], tail: String)
    /// A `case …:` label of a switch with its body; rendered at the switch's own indentation.
    case switchCase(String, [Statement])
    /// `head(` arguments `)tail`, one line when it fits, else one argument per line.
    case call(head: String, arguments: [String], tail: String, isCollection: Bool)
    /// `head(` arguments `)tail`, one line when it fits, else the arguments filled onto as few
    /// continuation lines as fit, the way swift-format packs them, with `)tail` after the last.
    case packedCall(head: String, arguments: [String], tail: String)

    /// One block of a ``chain``: its header (`do`, `catch let error`, `else`) and body.
    public struct Link: Sendable, Equatable {
        public var header: String
        public var body: [Statement]

        public init(_ header: String, _ body: [Statement]) {
            self.header = header
            self.body = body
        }
    }

    public static func call(_ head: String, _ arguments: [String], _ tail: String = ")") -> Statement {
        .call(head: head, arguments: arguments, tail: tail, isCollection: false)
    }

    public static func list(_ head: String, _ elements: [String], _ tail: String = "]") -> Statement {
        .call(head: head, arguments: elements, tail: tail, isCollection: true)
    }
}
