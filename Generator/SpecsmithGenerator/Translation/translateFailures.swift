import SpecsmithCore

extension TranslationContext {
    /// The service's typed failure, its kinds, and a named constant for every error code.
    func translateFailures() -> [Declaration] {
        [.container("extension \(namespace)", members: [failure(), errorCode()])]
    }

    private func message(_ key: String) -> String {
        spec.service.messages[key] ?? Service.messageKeys.first { $0.key == key }!.fallback
    }

    /// The user messages of failures without a known code, one constant each.
    private func messages() -> Declaration {
        .container(
            doc: Doc("The user messages of failures that carry no known error code."), "public enum Messages",
            members: Service.messageKeys.map { key, _ in .line("public static let \(key) = \(Self.quoted(message(key)))") })
    }

    private func failure() -> Declaration {
        let kind = Declaration.container(
            doc: Doc("What went wrong, for code that reacts to it."), "public enum Kind",
            conformances: ["Hashable", "Sendable"],
            members: [
                .line("case session", doc: Doc("The session is missing, invalid or expired.")),
                .line("case encryption", doc: Doc("Data could not be encrypted or decrypted.")),
                .line("case server(code: Int)", doc: Doc("The service answered with an error code; see ``ErrorCode``.")),
                .line("case transport(TransportFailure.Kind)", doc: Doc("No answer: timeout, refused or reset connection.")),
                .line("case invalidResponse", doc: Doc("An answer that does not follow the spec.")),
                .line("case invalidRequest", doc: Doc("The request could not be built.")),
            ])
        let mapping = Declaration.function(
            doc: Doc("Classifies a runtime failure and words it for users."),
            signature: Signature("public init", ["_ failure: ClientFailure"]),
            body: [
                .line("operation = failure.operation"),
                .line("detail = failure.description"),
                .block(
                    "switch failure.reason",
                    [
                        .switchCase(
                            "case let .server(code, serverMessage):",
                            [
                                .line("let known = ErrorCode.catalog[code]"),
                                .line("message = known?.message ?? (serverMessage.isEmpty ? Messages.server : serverMessage)"),
                                .block(
                                    "switch known?.category",
                                    [
                                        .switchCase("case .session?:", [.line("kind = .session")]),
                                        .switchCase("case .encryption?:", [.line("kind = .encryption")]),
                                        .switchCase("default:", [.line("kind = .server(code: code)")]),
                                    ]),
                            ]),
                        .switchCase(
                            "case .notAuthenticated:",
                            [.line("kind = .session"), .line("message = Messages.session")]),
                        .switchCase(
                            "case let .transport(transport):",
                            [.line("kind = .transport(transport.kind)"), .line("message = Messages.transport")]),
                        .switchCase(
                            "case .status, .malformedResponse, .unknownDiscriminator:",
                            [.line("kind = .invalidResponse"), .line("message = Messages.invalidResponse")]),
                        .switchCase(
                            "case .invalidRequest:",
                            [.line("kind = .invalidRequest"), .line("message = Messages.invalidRequest")]),
                    ]),
            ])
        return .container(
            doc: Doc([
                "A failed call: a kind to react to, a message to show users, and the operation it came from.",
                "`description` is for developers and logs; it never holds sensitive values.",
            ]),
            "public struct Failure", conformances: ["ServiceFailure", "Hashable", "CustomStringConvertible", "LocalizedError"],
            members: [
                kind,
                messages(),
                .line("public var kind: Kind", doc: Doc("What went wrong.")),
                .line("public var message: String", doc: Doc("A message for users, in the service's language.")),
                .line("public var operation: String", doc: Doc("The operation that failed, such as `\(spec.endpoints.first?.name ?? "call")`.")),
                .line("public var detail: String", doc: Doc("What happened, for developers and logs.")),
                .function(
                    doc: Doc("Creates a failure from its parts."),
                    signature: Signature("public init", ["kind: Kind", "message: String", "operation: String", "detail: String"]),
                    body: [
                        .line("self.kind = kind"), .line("self.message = message"), .line("self.operation = operation"),
                        .line("self.detail = detail"),
                    ]),
                mapping,
                .function(doc: Doc(), signature: .property("public var description: String"), body: [.line("detail")]),
                .function(doc: Doc("The user message."), signature: .property("public var errorDescription: String?"), body: [.line("message")]),
            ])
    }

    private func errorCode() -> Declaration {
        var members: [Declaration] = [
            .line("public let rawValue: Int"),
            .function(doc: Doc(), signature: Signature("public init", ["rawValue: Int"]), body: [.line("self.rawValue = rawValue")]),
        ]
        for error in spec.errors {
            var doc = ["`\(error.name)` (\(error.code)): \(error.doc.isEmpty ? error.message : error.doc)"]
            if error.retryable { doc.append("Retryable: the same call may succeed later.") }
            members.append(.line("public static let \(error.swiftName) = ErrorCode(rawValue: \(error.code))", doc: Doc(doc)))
        }
        let entries: [Statement] = spec.errors.map { error in
            .call(
                "\(error.code): ErrorCodeInfo(",
                [
                    "name: \(Self.quoted(error.name))", "message: \(Self.quoted(error.message))",
                    "category: .\(error.category.rawValue)", "retryable: \(error.retryable)", "status: \(error.status)",
                ])
        }
        members.append(
            .statement(
                doc: Doc("What the spec says about each code: wire name, user message, category."),
                entries.isEmpty
                    ? .line("public static let catalog: [Int: ErrorCodeInfo] = [:]")
                    : .collection(head: "public static let catalog: [Int: ErrorCodeInfo] = [", elements: entries, tail: "]")))
        members.append(
            .function(
                doc: Doc("The spec's entry for this code, if it has one."), signature: .property("public var info: ErrorCodeInfo?"),
                body: [.line("Self.catalog[rawValue]")]))
        members.append(
            .function(
                doc: Doc("Lets `code == .invalidCurrency`-style comparisons read naturally on a plain `Int`."),
                signature: Signature("public static func == ", ["lhs: Int", "rhs: ErrorCode"], " -> Bool"),
                body: [.line("lhs == rhs.rawValue")]))
        return .container(
            doc: Doc("The error codes of the spec, by name."), "public struct ErrorCode",
            conformances: ["RawRepresentable", "Hashable", "Sendable"], members: members)
    }
}
