import SpecsmithCore

extension TranslationContext {
    /// A struct per endpoint that declares response headers, and one for the service's that the
    /// endpoints without headers of their own share: a typed property per header, read from an
    /// answer by the client and written into one by the mock.
    func translateResponseHeaders() -> [Declaration] {
        let sharing = spec.endpoints.first(where: \.sharesServiceHeaders)?.name
        return spec.endpoints.filter { !$0.responseHeaders.isEmpty && (!$0.sharesServiceHeaders || $0.name == sharing) }
            .map { endpoint in
                let headers = endpoint.responseHeaders
                var members: [Declaration] = headers.map { header in
                    .stored(
                        StoredProperty(.public, .var, header.name, type: swiftType(header.type)),
                        doc: Doc([header.doc.isEmpty ? "The `\(header.wireName)` header." : header.doc]))
                }
                members.append(
                    .function(
                        doc: Doc("Headers with every value; optional ones default to `nil`."),
                        signature: Signature.initializer(
                            .public,
                            headers.map { "\($0.name): \(swiftType($0.type))" + ($0.type.isOptional ? " = nil" : "") }),
                        body: headers.map { .line("self.\($0.name) = \($0.name)") }))
                members.append(
                    .function(
                        doc: Doc("The headers read from an answer."),
                        signature: Signature.initializer(
                            .public, ["from fields: \(Names.headerFields)"],
                            " throws(\(Names.headerFields).Problem)"),
                        body: headers.map { header in
                            let accessor = header.type.isOptional ? "value" : "required"
                            // A date in unix time or HTTP-date form is read by its format's name, as a date.
                            let type =
                                header.type.formattedDate.flatMap(Self.wireTimeFormat)
                                ?? swiftType(header.type.unwrapped)
                            return .line(
                                "self.\(header.name) = try fields.\(accessor)(\(Self.quoted(header.wireName)), as: \(type).self)"
                            )
                        }))
                members.append(
                    .function(
                        doc: Doc("The headers as they travel, by wire name."),
                        signature: .property(.public, Names.headerFieldsMember, type: "[String: String]"),
                        body: [.line("var fields: [String: String] = [:]")]
                            + headers.map { header in
                                .line(
                                    "fields[\(Self.quoted(header.wireName))] = \(toWire(header.type, "self.\(header.name)"))\(header.type.isOptional ? "?" : "").parameterValue"
                                )
                            } + [.line("return fields")]))
                return .container(
                    .extension(of: namespace),
                    members: [
                        .container(
                            doc: Doc(
                                endpoint.sharesServiceHeaders
                                    ? "The response headers every answer of the service carries, read next to its body."
                                    : "The response headers of `\(endpoint.name)`, read next to its body."),
                            ContainerHeader(.public, .struct, endpoint.responseHeadersTypeName),
                            conformances: [Names.responseHeaders, "Hashable"], members: members)
                    ])
            }
    }

    /// What an endpoint's handler returns: its body, or a reply of the body (`Void` when it has
    /// none) with its declared headers.
    func returnType(_ endpoint: Endpoint, qualified: Bool = false) -> String? {
        let body = endpoint.response.map { swiftType($0, qualified: qualified) }
        guard !endpoint.responseHeaders.isEmpty else { return body }
        return "\(Names.reply)<\(body ?? "Void"), \(namespace).\(endpoint.responseHeadersTypeName)>"
    }

    /// What an endpoint's client method returns: what its handler returns, as a `Conditional` for
    /// a conditional GET, whose `304 Not Modified` is an outcome.
    func clientReturnType(_ endpoint: Endpoint) -> String? {
        guard endpoint.answersNotModified else { return returnType(endpoint) }
        return returnType(endpoint).map { "\(Names.conditional)<\($0)>" }
    }
}
