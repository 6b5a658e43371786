import Foundation

/// Checks a read ``Spec`` for everything that would make generated code wrong or not compile, and
/// reports all problems of one run.
public struct SpecValidator {
    let spec: Spec
    var diagnostics = Diagnostics()
    let typeNames: [String]
    /// What the spec has that makes generated code name more types (``GeneratedNames/Feature``).
    let features: Set<GeneratedNames.Feature>
    /// The types whose own declaration has an error (a duplicate wire value, a bad rule): examples
    /// are not checked against them, so one defect is one error.
    var defectiveTypes: Set<String> = []

    public init(spec: Spec) {
        self.spec = spec
        // OTP variants are types too: unions carry them as payloads.
        typeNames = spec.types.map(\.name) + (spec.otps?.variants.map(\.name) ?? [])
        features = Self.features(of: spec)
    }

    /// Runs every check and returns the problems found.
    public static func validate(_ spec: Spec) -> Diagnostics {
        var validator = SpecValidator(spec: spec)
        validator.checkService()
        validator.checkTypes()
        validator.checkRecursion()
        validator.checkEndpoints()
        validator.checkFiles()
        validator.checkAuth()
        validator.checkErrorEnvelope()
        validator.checkMockAnswers()
        validator.checkBackendSplit()
        validator.checkOTPs()
        validator.checkOTPPlacement()
        validator.checkErrors()
        validator.checkExamples()
        validator.checkClientNames()
        validator.checkMemberNames()
        validator.checkNestedShadowing()
        validator.checkPrivacy()
        return validator.diagnostics
    }

    // MARK: - Shared checks

    mutating func checkIdentifier(
        _ name: String, what: String, at location: SourcePosition, allowingMetatypeNames: Bool = false,
        isTypeName: Bool = false
    ) {
        if let problem = SwiftIdentifier.problem(
            with: name, allowingMetatypeNames: allowingMetatypeNames, isTypeName: isTypeName)
        {
            diagnostics.error("invalid Swift identifier for \(what): \(problem)", at: location, note: renameHint(name))
        }
    }

    private func renameHint(_ name: String) -> String? {
        if SwiftIdentifier.reserved.contains(name) || SwiftIdentifier.metatypeNames.contains(name)
            || SwiftIdentifier.typeModifiers.contains(name)
        {
            return "rename it, for example to \"\(name)Value\""
        }
        let cleaned = name.split { !($0.isLetter || $0.isNumber) }.enumerated()
            .map { $0.offset == 0 ? String($0.element) : $0.element.prefix(1).uppercased() + $0.element.dropFirst() }
            .joined()
        guard let first = cleaned.first, cleaned != name else { return nil }
        return first.isNumber
            ? "rename it, for example to \"_\(cleaned)\"" : "rename it, for example to \"\(cleaned)\""
    }

    /// The primitive that a type name of OpenAPI, JSON Schema or another language means, for a
    /// spec written from such documentation.
    static let primitiveNamedElsewhere: [String: String] = [
        "int32": "int", "integer": "int", "long": "int64", "float": "double", "number": "double",
        "boolean": "bool", "datetime": "date", "date-time": "date", "uri": "url", "binary": "bytes",
        "object": "json", "any": "json", "str": "string", "text": "string",
    ]

    /// Reports every named type in `ref` that the spec does not declare, with a "did you mean".
    mutating func checkTypeRef(_ ref: TypeRef, at location: SourcePosition) {
        for name in ref.namedTypes where !typeNames.contains(name) && !spec.unreadNames.contains(name) {
            let candidates = typeNames + TypeRef.Primitive.allCases.map(\.rawValue)
            let suggestion = Self.primitiveNamedElsewhere[name.lowercased()] ?? closestMatch(to: name, in: candidates)
            diagnostics.error(
                "unknown type \"\(name)\"", at: location,
                note: suggestion.map { "did you mean \"\($0)\"?" } ?? "declare it under \"types\"")
        }
    }

    /// Refuses a date in unix time or HTTP-date form where the generated code has no field,
    /// parameter or header to convert it at (a body, a union's payload).
    mutating func checkNoFormattedDate(_ ref: TypeRef, in role: String, at location: SourcePosition) {
        guard let primitive = ref.formattedDate else { return }
        diagnostics.error(
            "\(role) cannot be a \"\(primitive.rawValue)\" date: a date in that form is the type of a field, parameter or header",
            at: location, note: "wrap it in a struct with a \"\(primitive.rawValue)\" field")
    }

    /// The declaration `name` refers to; `Card.ID` and `ID` inside `Card` are not distinguished here:
    /// references are always written in full.
    func resolve(_ name: String) -> TypeDecl? {
        spec.type(named: name)
    }

    /// Whether `ref` names a type that is not declared or could not be read: a problem reported
    /// where the reference or the declaration stands, so checks that need the type say nothing.
    func isUnresolved(_ ref: TypeRef?) -> Bool {
        ref?.namedTypes.contains { resolve($0) == nil && !typeNames.contains($0) || spec.unreadNames.contains($0) }
            ?? false
    }

    /// The struct behind a reference, if it names one.
    func structDecl(_ ref: TypeRef?) -> StructDecl? {
        guard case let .named(name)? = ref?.unwrapped, case let .structure(decl)? = resolve(name)?.kind else {
            return nil
        }
        return decl
    }
}
