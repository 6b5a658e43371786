import SpecsmithCore

/// Names a spec may hand to Swift that generated code or Swift itself could trip on: keywords of
/// every kind, the names of the runtime's and the generator's own declarations and members, and
/// the standard types generated code spells without a module. The property test puts one of them
/// in one place of a spec; lint's verdict on it must match the compiler's.
enum RiskyNames {
    /// Declaration keywords, statement keywords and the contextual ones Swift lets through.
    static let keywords: [String] =
        SwiftIdentifier.reserved.sorted() + [
            "open", "type", "some", "any", "package", "macro", "consume", "borrowing", "consuming", "copy",
            "discard", "each", "sending", "isolated", "nonisolated", "get", "set", "willSet", "didSet", "mutating",
            "nonmutating", "override", "required", "convenience", "dynamic", "lazy", "optional", "indirect",
            "final", "weak", "unowned", "prefix", "postfix", "infix", "actor", "async", "then", "_", "__",
            "Protocol", "Type", "throws", "rethrows", "didSet", "unsafe",
        ]

    /// Members and locals that generated declarations and bodies use.
    static let generatedMembers: [String] = [
        "core", "container", "decoder", "encoder", "redacted", "rawValue", "description", "debugDescription",
        "customMirror", "hashValue", "hash", "rules", "isSensitive", "parameterValue", "checkMadeByApp",
        "wireSchema", "catalog", "info", "state", "baseURLs", "routes", "router", "mockFailure", "request",
        "context", "response", "payload", "other", "otp", "client", "token", "environment", "transport",
        "appKey", "timeout", "middlewares", "retry", "restoreSession", "send", "verify", "resend", "unknown",
        "allCases", "kind", "message", "operation", "detail", "code", "messages", "errorDescription", "children",
        "encode", "validating", "unchecked", "wireValue", "envelope", "discriminator", "key", "url", "init",
        "byOperation", "custom", "id", "value", "error", "result", "status", "headers", "query", "path", "body",
        "storeSession", "children", "classified", "failure",
    ]

    /// Type names: the runtime's, the generator's, the standard library's and Foundation's, modules.
    static let typeNames: [String] =
        GeneratedNames.reservedTypeNames(withOTPs: true).sorted() + GeneratedNames.mockLibraryTypes + [
            GeneratedNames.mockRequest, "CodingKeys", "Kind", "VerificationResult", "Info", "Swift",
            GeneratedNames.runtimeModule, GeneratedNames.mockModule, "Foundation", "Any", "AnyObject", "Self", "Set",
            "Character", "Float", "Int64",
            "Substring", "Result", "Task", "Sequence", "Collection", "Identifiable", "Comparable", "JSONEncoder",
            "JSONDecoder", "NSObject", "Void", "StaticString", "Hashable", "Error", "Equatable", "ParameterLocation",
            "MockServer", "WireJSONValue", "RequestBuilder", "AnyCodingKey", "EnvelopedPayload", "LoggingMiddleware",
            "ValueRuleFailure", "RequestMethod", "HTTPStatus", "Locked", "ID", "Handler", "Codecs",
        ]

    /// Wire keys that are not Swift identifiers at all.
    static let wireOnly: [String] = ["payment-reference", "card_list", "2fa", "x y", "ÿes", "a.b", "-"]

    static let all: [String] = keywords + generatedMembers + typeNames
}
