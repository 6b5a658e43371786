import SpecsmithCore

extension TranslationContext {
    /// The service's typed failure, its kinds, and a named constant for every error code.
    func translateFailures() -> [Declaration] {
        [.container(.extension(of: namespace), members: [failure(), errorCode()])]
    }

    private func failure() -> Declaration {
        let messages = Service.messageKeys.map { key, fallback in
            "\(key): \(Self.quoted(spec.service.messages[key] ?? fallback))"
        }
        return .container(
            doc: Doc([
                "A failed call: a kind to react to, a message to show users, and the operation it came from.",
                "`description` is for developers and logs; it never holds sensitive values. How a runtime failure is classified and described comes from `\(Names.classifiedFailure)`.",
            ]),
            ContainerHeader(.public, .struct, Names.failure), conformances: [Names.classifiedFailure],
            members: [
                .typeAlias(
                    doc: Doc("What went wrong, for code that reacts to it."), access: .public, name: "Kind",
                    type: Names.failureKind),
                .stored(
                    StoredProperty(
                        .public, isStatic: true, .let, "messages",
                        value: .laidOut(.call("\(Names.failureMessages)(", messages))),
                    doc: Doc("The user messages of failures that carry no known error code.")),
                .stored(StoredProperty(.public, .var, "kind", type: "Kind"), doc: Doc("What went wrong.")),
                .stored(
                    StoredProperty(.public, .var, "message", type: "String"),
                    doc: Doc("A message for users, in the service's language.")),
                .stored(
                    StoredProperty(.public, .var, "operation", type: "String"),
                    doc: Doc("The operation that failed, such as `\(spec.endpoints.first?.name ?? "call")`.")),
                .stored(
                    StoredProperty(.public, .var, "detail", type: "String"),
                    doc: Doc("What happened, for developers and logs.")),
                .stored(
                    StoredProperty(.public, .var, "code", type: "\(Names.errorCode)?"),
                    doc: Doc(
                        "The error code the service answered with, whatever the kind: a `.session` failure tells an expired session from an invalid one by it. `nil` when no answer carried a code."
                    )),
                .stored(
                    StoredProperty(.public, .var, "response", type: "FailureResponse?"),
                    doc: Doc(
                        "The answer the failure came with: its HTTP status, the headers the spec names for errors, and its body. `nil` when no answer came."
                    )),
                .function(
                    doc: Doc("Creates a failure from its parts."),
                    signature: Signature.initializer(
                        .public,
                        [
                            "kind: Kind", "message: String", "operation: String", "detail: String",
                            "code: \(Names.errorCode)? = nil", "response: FailureResponse? = nil",
                        ]),
                    body: [
                        .line("self.kind = kind"), .line("self.message = message"), .line("self.operation = operation"),
                        .line("self.detail = detail"), .line("self.code = code"), .line("self.response = response"),
                    ]),
            ] + payload())
    }

    /// The typed error body, when the spec's error envelope names one.
    private func payload() -> [Declaration] {
        guard let body = spec.service.errorBody else { return [] }
        let type = "\(namespace).\(body.name)"
        return [
            .function(
                doc: Doc(
                    "The error body the service answered with, as `\(body.name)`; `nil` when no answer came or its body is not one."
                ),
                signature: .property(.public, "payload", type: "\(type)?"),
                body: [
                    .line("guard let body = response?.body, !body.isEmpty else { return nil }"),
                    .line("return try? WireCoding.decode(\(type).self, from: body)"),
                ])
        ]
    }

    private func errorCode() -> Declaration {
        var members: [Declaration] = [
            .stored(StoredProperty(.public, .let, "rawValue", type: Names.errorCodeValue)),
            .function(
                doc: Doc(), signature: Signature.initializer(.public, ["rawValue: \(Names.errorCodeValue)"]),
                body: [.line("self.rawValue = rawValue")]),
        ]
        for error in spec.errors {
            let key =
                error.condition.map { " (HTTP \(error.status) with \($0), no code in the body)" }
                ?? (error.byStatus ? " (HTTP \(error.status), no code in the body)" : " (\(error.code))")
            let named = error.code == .text(error.name) ? "`\(error.name)`" : "`\(error.name)`\(key)"
            var doc = ["\(named): \(error.doc.isEmpty ? error.message : error.doc)"]
            if error.retryable { doc.append("Retryable: the same call may succeed later.") }
            members.append(
                .stored(
                    StoredProperty(
                        .public, isStatic: true, .let, error.swiftName,
                        value: .inline("\(Names.errorCode)(rawValue: \(Self.literal(error.code)))")),
                    doc: Doc(doc))
            )
        }
        let entries: [Statement] = spec.errors.map { error in
            .packedCall(
                head: "\(Self.literal(error.code)): \(Names.errorCodeInfo)(",
                // Only what differs from the usual (a server error, not retryable, 422) is written.
                arguments: ["name: \(Self.quoted(error.name))", "message: \(Self.quoted(error.message))"]
                    + (error.category == .server ? [] : ["category: .\(error.category.rawValue)"])
                    + (error.retryable ? ["retryable: true"] : [])
                    + (error.status == 422 ? [] : ["status: \(error.status)"])
                    + (error.byStatus ? ["byStatus: true"] : [])
                    + (error.condition.map { ["when: \(Self.literal($0))"] } ?? []),
                tail: ")")
        }
        members.append(
            .stored(
                StoredProperty(
                    .public, isStatic: true, .let, "catalog", type: "[\(Names.errorCodeValue): \(Names.errorCodeInfo)]",
                    value: .laidOut(
                        entries.isEmpty ? .line("[:]") : .collection(head: "[", elements: entries, tail: "]"))),
                doc: Doc("What the spec says about each code: wire name, user message, category.")))
        // The comparison stays here: an operator from the runtime's protocol extension is not found
        // by app code that imports only the SDK.
        members.append(
            .function(
                doc: Doc("Lets `code == .invalidCurrency`-style comparisons read naturally on a failure kind's code."),
                signature: Signature.function(
                    .public, "==", ["lhs: \(Names.errorCodeValue)", "rhs: \(Names.errorCode)"], " -> Bool",
                    isStatic: true),
                body: [.line("lhs == rhs.rawValue")]))
        return .container(
            doc: Doc(
                "The error codes of the spec, by name; `\(Names.serviceErrorCode)` looks them up in the catalogue."),
            ContainerHeader(.public, .struct, Names.errorCode),
            conformances: [Names.serviceErrorCode], members: members)
    }
}
