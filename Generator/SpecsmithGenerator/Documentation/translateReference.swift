import SpecsmithCore

extension TranslationContext {
    /// The reference articles written beside the generated code, every fact taken from the spec:
    /// error codes, endpoints, OTP variants, environments with their hosts, and the privacy manifest.
    func translateReference() -> [Article] {
        var articles = [errorCodesArticle(), endpointsArticle()]
        if let otps = spec.otps { articles.append(otpArticle(otps)) }
        articles.append(environmentsArticle())
        articles.append(privacyArticle())
        return articles
    }

    private var service: String { spec.service.name }

    private func errorCodesArticle() -> Article {
        let rows = spec.errors.map { error in
            [
                error.code.description, "`\(error.name)`", "`\(Names.errorCode).\(error.swiftName)`",
                error.category.rawValue, String(error.status), error.retryable ? "yes" : "no", error.message,
            ]
        }
        return Article(
            name: "\(service)ErrorCodes", title: "\(service) error codes",
            abstract: "Every error code the service answers with, and what the SDK makes of it.",
            sections: [
                .init(
                    heading: "Codes",
                    paragraphs: [
                        "A call that fails with one of these throws a `\(Names.failure)` whose `kind` is the category's case and whose `message` is the server's text, or the message below when the server sent none."
                    ],
                    table: .init(
                        columns: ["Code", "Name", "Swift", "Category", "Status", "Retryable", "Message"], rows: rows))
            ])
    }

    private func endpointsArticle() -> Article {
        let rows = resolved.endpoints.map { resolved -> [String] in
            let endpoint = resolved.endpoint
            let auth = resolved.credentials.map { "\($0.scheme) (`\($0.header)`)" }.joined(separator: ", ")
            let labels = methodParameters(endpoint, defaults: false).map { parameter -> String in
                let label = parameter.split(separator: ":").first.map(String.init) ?? parameter
                return (label.split(separator: " ").first.map(String.init) ?? label) + ":"
            }
            return [
                "`\(endpoint.name)`", endpoint.method.rawValue, "`\(endpoint.path)`", resolved.host,
                auth.isEmpty ? "none" : auth, endpoint.idempotent ? "yes" : "no",
                "`\(endpoint.backendOnly ? Names.backendClient : Names.client).\(endpoint.name)(\(labels.joined()))`",
            ]
        }
        var paragraphs = [
            "Idempotent operations are retried by the client's retry policy; the others are sent once. Auth names the spec's schemes and the headers they travel in."
        ]
        if let backend = spec.service.backendModule, spec.endpoints.contains(where: \.backendOnly) {
            paragraphs.append(
                "`\(Names.backendClient)` methods are in `\(backend)`, for a backend that holds their credential; an app's `\(Names.client)` has none of them."
            )
        }
        return Article(
            name: "\(service)Endpoints", title: "\(service) endpoints",
            abstract:
                "Every operation of the wire API: where it goes, what it sends, and the client method it becomes.",
            sections: [
                .init(
                    heading: "Operations",
                    paragraphs: paragraphs,
                    table: .init(
                        columns: ["Operation", "Method", "Path", "Host", "Auth", "Idempotent", "Swift"], rows: rows))
            ])
    }

    private func otpArticle(_ otps: OTPSection) -> Article {
        let rows = otps.variants.map { variant -> [String] in
            let carriers = spec.types.compactMap { type -> String? in
                guard case let .union(decl) = type.kind else { return nil }
                let cases = decl.cases.filter { $0.payload?.namedTypes.contains(variant.name) == true }
                return cases.isEmpty ? nil : cases.map { "`\(type.name).\($0.name)`" }.joined(separator: ", ")
            }
            let returns = variant.result.map { "the response's `\($0)`" } ?? "the verification response"
            return [
                "`\(variant.name)`", "`\(variant.verify)`", "`\(variant.resend)`", returns,
                carriers.isEmpty ? "—" : carriers.joined(separator: ", "),
            ]
        }
        return Article(
            name: "\(service)OTPVariants", title: "\(service) OTP variants",
            abstract: "The one-time passwords the service sends, where each comes from, and what verifying it returns.",
            sections: [
                .init(
                    heading: "Variants",
                    paragraphs: [
                        "Every variant conforms to `\(Names.otp)`: `info` is the OTP as last issued (`\(otps.info)`), `verify(code:)` checks the code the user typed and `resend()` asks for a fresh one."
                    ],
                    table: .init(
                        columns: ["Variant", "Verify", "Resend", "`verify(code:)` returns", "Comes from"], rows: rows))
            ])
    }

    private func environmentsArticle() -> Article {
        let hosts = spec.service.hosts
        let rows = spec.service.environments.map { environment -> [String] in
            ["`.\(environment.name)`"]
                + hosts.map { host in environment.urls.first { $0.host == host.name }.map { "`\($0.url)`" } ?? "—" }
                + [environment.doc]
        }
        let custom =
            ["`.custom`"] + hosts.map { "`\($0.name)`: your URL" } + [
                "A mock server, a staging copy or your own deployment."
            ]
        return Article(
            name: "\(service)Environments", title: "\(service) environments and hosts",
            abstract: "Where the service runs, host by host.",
            sections: [
                .init(
                    heading: "Hosts",
                    table: .init(columns: ["Host", "What it serves"], rows: hosts.map { ["`\($0.name)`", $0.doc] })),
                .init(
                    heading: "Environments",
                    paragraphs: [
                        "`\(Names.environment)` picks one base URL per host; an endpoint without a host of its own is on the first."
                    ],
                    table: .init(
                        columns: ["Environment"] + hosts.map { "`\($0.name)`" } + ["About"], rows: rows + [custom])),
            ])
    }
}
