import SpecsmithCore

/// An attribute on a declaration of generated code, written on its own line before it.
///
/// The one way generated code applies `@_spi`: a declaration's ``Doc`` carries
/// ``generatedSPI``, whatever kind of declaration it is.
public enum Attribute: Sendable, Equatable {
    /// `@_spi(Generated)`: plumbing only generated code and this package's modules reach.
    case generatedSPI
    /// `@available(*, deprecated, message: …)`, with the spec's reason.
    case deprecated(message: String)
    /// `@usableFromInline`: internal, but reachable from the module's inlinable code.
    case usableFromInline
    /// A property wrapper, such as `@Indirect`.
    case propertyWrapper(String)
    /// `@discardableResult`: a result a caller may leave unread, such as the headers of an answer
    /// without a body.
    case discardableResult

    /// The attribute as Swift spells it.
    public var text: String {
        switch self {
        case .generatedSPI: "@_spi(\(GeneratedNames.generatedSPI))"
        case let .deprecated(message): "@available(*, deprecated, message: \(TranslationContext.quoted(message)))"
        case .usableFromInline: "@usableFromInline"
        case let .propertyWrapper(name): "@\(name)"
        case .discardableResult: "@discardableResult"
        }
    }
}

/// Who may reach a generated declaration.
public enum AccessLevel: String, Sendable, Equatable {
    case `public`, `package`, `internal`, `private`
}
