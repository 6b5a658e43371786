import Foundation
@_spi(Generated) import SpecsmithRuntime

extension SpecValidator {
    mutating func checkService() {
        checkResponseHeaders(spec.service.responseHeaders, of: "the service")
        let service = spec.service
        checkIdentifier(service.name, what: "the service name", at: service.location, isTypeName: true)
        checkIdentifier(service.module, what: "the module", at: service.location)
        checkIdentifier(service.mockModule, what: "the mock module", at: service.location)
        if service.module == service.mockModule {
            diagnostics.error(
                "the module and the mock module must differ", at: service.location,
                note: "for example \"\(service.module)Mock\"")
        }
        if service.hosts.isEmpty {
            diagnostics.error(
                "the service declares no hosts", at: service.location, note: "add \"hosts\": {\"api\": {}}")
        }
        // With several hosts, each names a parameter of `Environment.custom`; one host is only a string.
        if service.hosts.count > 1 {
            for host in service.hosts {
                checkIdentifier(
                    host.name, what: "host \"\(host.name)\"", at: host.location, allowingMetatypeNames: true)
            }
        }
        checkConstantHeaders()
        let hostNames = service.hosts.map(\.name)
        for environment in service.environments {
            checkIdentifier(environment.name, what: "environment \"\(environment.name)\"", at: environment.location)
            if environment.name == "custom" {
                diagnostics.error(
                    "\"custom\" is generated for every service and cannot be declared", at: environment.location)
            }
            for entry in environment.urls {
                if !hostNames.contains(entry.host) {
                    reportUnknown("host", entry.host, among: hostNames, at: entry.location)
                }
                let url = URL(string: entry.url)
                if !["http", "https"].contains(url?.scheme ?? "") || url?.host == nil {
                    diagnostics.error(
                        "\"\(entry.url)\" is not an absolute http or https URL", at: entry.location,
                        note: "write it as https://host/path")
                }
            }
            for host in hostNames where !environment.urls.contains(where: { $0.host == host }) {
                diagnostics.error(
                    "environment \"\(environment.name)\" gives no URL for host \"\(host)\"", at: environment.location)
            }
        }
    }

    /// The error envelope's `body` names a struct, and its `headers` are header names.
    mutating func checkErrorEnvelope() {
        for header in spec.service.envelope.errorHeaders where !HTTPHeaderName.isToken(header) {
            diagnostics.error(
                "\"\(header)\" in the error envelope's headers is not an HTTP header name", at: spec.service.location)
        }
        guard let body = spec.service.errorBody else { return }
        guard let declaration = spec.type(named: body.name) else {
            return reportUnknown("type", body.name, among: spec.types.map(\.name), at: body.location)
        }
        guard case .structure = declaration.kind else {
            return diagnostics.error(
                "the error body \"\(body.name)\" must be a struct (it is declared with kind \"\(declaration.kindName)\")",
                at: body.location)
        }
    }

    /// Reports an unknown name with the closest known one.
    mutating func reportUnknown(_ kind: String, _ name: String, among candidates: [String], at location: SourcePosition)
    {
        // Declared but unreadable: its own diagnostic already says why.
        guard !spec.unreadNames.contains(name) else { return }
        let suggestion = closestMatch(to: name, in: candidates)
        let known = candidates.isEmpty ? "none is declared" : "known: \(candidates.joined(separator: ", "))"
        diagnostics.error(
            "unknown \(kind) \"\(name)\"", at: location, note: suggestion.map { "did you mean \"\($0)\"?" } ?? known)
    }

    mutating func checkAuth() {
        let names = spec.service.authSchemes.map(\.name)
        for scheme in spec.service.authSchemes {
            guard case let .sessionToken(issuedBy, tokenField, _) = scheme.kind else { continue }
            guard let endpoint = spec.endpoint(named: issuedBy) else {
                reportUnknown("endpoint", issuedBy, among: spec.endpoints.map(\.name), at: scheme.location)
                continue
            }
            if isUnresolved(endpoint.response) { continue }
            let token = structDecl(endpoint.response)?.fields.first { $0.name == tokenField }
            if isUnresolved(token?.type) { continue }
            if let response = structDecl(endpoint.response),
                !response.fields.contains(where: { $0.name == tokenField && $0.type.unwrapped == .primitive(.string) })
            {
                diagnostics.error(
                    "the response of \"\(issuedBy)\" has no string field \"\(tokenField)\" to take the session token from",
                    at: scheme.location)
            } else if structDecl(endpoint.response) == nil {
                diagnostics.error(
                    "endpoint \"\(issuedBy)\" issues the session token, so its response must be a struct",
                    at: scheme.location)
            }
        }
        // Every app-key scheme but the first plain key (the client's `appKey`) names a parameter of
        // the client's initialiser: a user-id and password (HTTP Basic) always does.
        let labels = GeneratedNames.ClientParameter.taken
        let keySchemes = spec.service.authSchemes.filter { $0.kind == .appKey }
        let firstKey = keySchemes.first { !$0.isBasic }?.name
        // A client holds one key per header (or query parameter): two of its schemes in one place
        // would leave it two credentials for the same slot. The app's client holds the keys its
        // endpoints use and those no backend-only endpoint uses; the backend's, those its use.
        let (endpoints, defaultAuth) = (spec.endpoints, spec.service.defaultAuth)
        let uses = { (backend: Bool) in
            Set(endpoints.filter { $0.backendOnly == backend }.flatMap { $0.auth?.map(\.name) ?? defaultAuth })
        }
        let (appUses, backendUses) = (uses(false), uses(true))
        let clients = [
            keySchemes.filter { appUses.contains($0.name) || !backendUses.contains($0.name) },
            keySchemes.filter { backendUses.contains($0.name) },
        ]
        var reported: Set<String> = []
        for schemes in clients {
            var places: [String: String] = [:]
            for scheme in schemes {
                let place = scheme.query.map { "the query parameter \($0)" } ?? scheme.header.lowercased()
                guard let first = places[place] else {
                    places[place] = scheme.name
                    continue
                }
                guard reported.insert(scheme.name).inserted else { continue }
                diagnostics.error(
                    "the app-key schemes \"\(first)\" and \"\(scheme.name)\" both travel in "
                        + (scheme.query == nil ? scheme.header : place),
                    at: scheme.location, note: "a client holds one key for each header or query parameter")
            }
        }
        for scheme in keySchemes where scheme.name != firstKey {
            checkIdentifier(
                scheme.name, what: "app-key scheme \"\(scheme.name)\"", at: scheme.location, allowingMetatypeNames: true
            )
            if labels.contains(scheme.name) {
                diagnostics.error(
                    "the app-key scheme \"\(scheme.name)\" would name a parameter the client already has",
                    at: scheme.location, note: "rename it, for example to \"\(scheme.name)Key\"")
            }
        }
        for name in spec.service.defaultAuth where !names.contains(name) {
            reportUnknown("auth scheme", name, among: names, at: spec.service.location)
        }
        for endpoint in spec.endpoints {
            for entry in endpoint.auth ?? [] where !names.contains(entry.name) {
                reportUnknown("auth scheme", entry.name, among: names, at: entry.location)
            }
        }
    }

    /// A header the service sends on every call is a header a client may set: a token name, a
    /// value with no line break, and not one the client computes (the body's length and type, the
    /// host, a credential, an idempotency key).
    private mutating func checkConstantHeaders() {
        if let header = spec.service.shouldRetryHeader, !HTTPHeaderName.isToken(header.name) {
            diagnostics.error(
                "\"\(header.name)\" is not an HTTP header name", at: header.location,
                note: "a header name is letters, digits and !#$%&'*+-.^_`|~")
        }
        let computed = ["content-length", "content-type", "host", "transfer-encoding", "connection", "authorization"]
        let credentials = spec.service.authSchemes.filter { $0.query == nil }.map { $0.header.lowercased() }
        let keys = spec.endpoints.compactMap { $0.idempotencyKey?.lowercased() }
        for header in spec.service.constantHeaders {
            let lowered = header.name.lowercased()
            if !HTTPHeaderName.isToken(header.name) {
                diagnostics.error(
                    "\"\(header.name)\" is not an HTTP header name", at: header.location,
                    note: "a header name is letters, digits and !#$%&'*+-.^_`|~")
            } else if computed.contains(lowered) || credentials.contains(lowered) || keys.contains(lowered) {
                diagnostics.error(
                    "the client sets \(header.name) itself, so the service cannot pin it", at: header.location,
                    note: "remove it from \"headers\"")
            }
            if header.value.unicodeScalars.contains(where: { $0 == "\r" || $0 == "\n" || $0 == "\0" }) {
                diagnostics.error(
                    "the value of header \"\(header.name)\" holds a line break", at: header.location,
                    note: "a header value is one line")
            }
        }
    }
}
