/// Rules for the names a spec hands to Swift.
public enum SwiftIdentifier {
    /// Keywords that cannot name a declaration without backticks; generated code never uses backticks.
    /// Contextual keywords (`open`, `type`, `some`, `any`, `package`, `macro`, `consume`, `borrowing`)
    /// are not here: Swift 6 accepts each as a case, a property, a parameter and a member access.
    public static let reserved: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout",
        "internal", "let", "operator", "private", "precedencegroup", "protocol", "public", "rethrows",
        "static", "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue", "default",
        "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch",
        "where", "while", "Any", "as", "await", "false", "is", "nil", "self", "Self", "super", "throws", "true",
        "try",
    ]

    /// `Type` and `Protocol` name a metatype after a dot (`Card.Type`): Swift refuses them as type and
    /// property names, but takes them as cases, parameters and labels.
    public static let metatypeNames: Set<String> = ["Type", "Protocol"]

    /// `each`, `some` and `any` begin a type (`some View`, `each T`): where a type is expected, Swift
    /// reads them so and refuses a type of that name, though it declares one.
    public static let typeModifiers: Set<String> = ["each", "some", "any"]

    /// Why `name` cannot be a Swift identifier, or `nil` when it can; `isTypeName` for a name
    /// generated code writes where a type is expected.
    public static func problem(with name: String, allowingMetatypeNames: Bool = false, isTypeName: Bool = false)
        -> String?
    {
        guard let first = name.unicodeScalars.first else { return "an empty name" }
        if isTypeName, typeModifiers.contains(name) {
            return "\"\(name)\" begins a type in Swift (as in \"\(name) T\"), so it cannot name one"
        }
        if reserved.contains(name) || !allowingMetatypeNames && metatypeNames.contains(name) {
            return "\"\(name)\" is a reserved Swift keyword"
        }
        if name == "_" { return "\"_\" is Swift's wildcard, not a name" }
        let isHead = { (scalar: Unicode.Scalar) in scalar == "_" || scalar.properties.isXIDStart }
        guard isHead(first) else { return "\"\(name)\" must start with a letter or underscore" }
        guard name.unicodeScalars.dropFirst().allSatisfy({ $0.properties.isXIDContinue }) else {
            return "\"\(name)\" may hold only letters, digits and underscores"
        }
        return nil
    }
}
