extension SpecValidator {
    /// Endpoints marked `backendOnly` go to a backend client in their own module: the service must
    /// name that module, and nothing the app's client needs may be among them.
    mutating func checkBackendSplit() {
        let service = spec.service
        let backendEndpoints = spec.endpoints.filter(\.backendOnly)
        guard let module = service.backendModule else {
            for endpoint in backendEndpoints {
                diagnostics.error(
                    "endpoint \"\(endpoint.name)\" is backendOnly, but the service names no backend module",
                    at: endpoint.location,
                    note: "add \"backendModule\": \"\(service.module)Backend\" to the service")
            }
            return
        }
        checkIdentifier(module, what: "the backend module", at: service.location)
        if module == service.module || module == service.mockModule {
            diagnostics.error(
                "the backend module must differ from the module and the mock module", at: service.location,
                note: "for example \"\(service.module)Backend\"")
        }
        // An endpoint that could not be read may be the backend's: say nothing about its absence.
        if backendEndpoints.isEmpty, spec.unreadNames.isEmpty {
            diagnostics.warning(
                "the service names a backend module, but no endpoint is backendOnly", at: service.location,
                note: "mark the endpoints that need a backend's credential \"backendOnly\": true")
        }
        var appNeeds: [(name: String, why: String)] = []
        for variant in spec.otps?.variants ?? [] {
            appNeeds.append((variant.verify, "OTP variant \"\(variant.name)\" verifies with it"))
            appNeeds.append((variant.resend, "OTP variant \"\(variant.name)\" resends with it"))
        }
        for scheme in service.authSchemes {
            if case let .sessionToken(issuedBy, _, _) = scheme.kind {
                let usedByApp = spec.endpoints.contains { endpoint in
                    !endpoint.backendOnly && (endpoint.auth?.map(\.name) ?? service.defaultAuth).contains(scheme.name)
                }
                if usedByApp { appNeeds.append((issuedBy, "it issues the session \"\(scheme.name)\" app calls send")) }
            }
        }
        for endpoint in backendEndpoints {
            if let need = appNeeds.first(where: { $0.name == endpoint.name }) {
                diagnostics.error(
                    "endpoint \"\(endpoint.name)\" cannot be backendOnly: \(need.why)", at: endpoint.location)
            }
        }
    }
}
