@_spi(Generated) import SpecsmithRuntime

extension SpecValidator {
    mutating func checkOTPs() {
        guard let otps = spec.otps else { return }
        if resolve(otps.info) == nil {
            reportUnknown("type", otps.info, among: typeNames, at: otps.infoLocation)
        } else if let info = structDecl(.named(otps.info)) {
            // Verify and resend send the OTP's `id` back as the request's id field.
            if !info.fields.contains(where: { $0.name == "id" }) {
                diagnostics.error(
                    "the OTP info type \"\(otps.info)\" needs a field \"id\"", at: otps.infoLocation,
                    note: "verify and resend send it back as \"\(otps.idField)\"")
            }
        } else {
            diagnostics.error("the OTP info type \"\(otps.info)\" must be a struct", at: otps.infoLocation)
        }
        let endpointNames = spec.endpoints.map(\.name)
        for variant in otps.variants {
            checkIdentifier(
                variant.name, what: "OTP variant \"\(variant.name)\"", at: variant.location, isTypeName: true)
            // A variant is a class in the namespace, like a spec type.
            if GeneratedNames.reservedTypeNames(withOTPs: true, features: features).contains(variant.name) {
                diagnostics.error(
                    "the name \"\(variant.name)\" is taken by generated code", at: variant.location,
                    note: "rename the variant, for example to \"\(variant.name)OTP\"")
            }
            for (name, location, role) in [
                (variant.verify, variant.verifyLocation, "verify"), (variant.resend, variant.resendLocation, "resend"),
            ] {
                guard let endpoint = spec.endpoint(named: name) else {
                    // Declared but unreadable: its own diagnostic already says why.
                    if spec.unreadNames.contains(name) { continue }
                    diagnostics.error(
                        "OTP variant \"\(variant.name)\" names the missing \(role) endpoint \"\(name)\"", at: location,
                        note: closestMatch(to: name, in: endpointNames).map { "did you mean \"\($0)\"?" })
                    continue
                }
                if isUnresolved(endpoint.request) { continue }
                let required = role == "verify" ? [otps.idField, otps.codeField] : [otps.idField]
                let request = structDecl(endpoint.request)
                for field in required where request?.fields.contains(where: { $0.name == field }) != true {
                    diagnostics.error(
                        "the \(role) endpoint \"\(name)\" of \"\(variant.name)\" needs a request field \"\(field)\"",
                        at: location)
                }
                // The request's id field is given the info's `id` as it is: the two types must agree.
                if let sent = request?.fields.first(where: { $0.name == otps.idField }),
                    let id = structDecl(.named(otps.info))?.fields.first(where: { $0.name == "id" }),
                    sent.type != id.type
                {
                    diagnostics.error(
                        "the request field \"\(otps.idField)\" of \"\(name)\" is \(sent.type), but \"\(otps.info).id\" is \(id.type)",
                        at: sent.typeLocation, note: "verify and resend send the OTP's id back as it is")
                }
                if role == "resend", endpoint.response != .named(otps.info) {
                    diagnostics.error(
                        "the resend endpoint \"\(name)\" must answer with \"\(otps.info)\"", at: location)
                }
            }
            if let result = variant.result, let verify = spec.endpoint(named: variant.verify),
                !isUnresolved(verify.response)
            {
                if structDecl(verify.response)?.fields.contains(where: { $0.name == result }) != true {
                    diagnostics.error(
                        "the response of \"\(variant.verify)\" has no field \"\(result)\" for \"\(variant.name)\" to return",
                        at: variant.resultLocation)
                }
            }
        }
    }

    /// Where an OTP variant may travel: as an endpoint's response, or directly (optional or not) as a
    /// field or union payload of a type that is itself only an endpoint's response. The generated
    /// client binds every OTP it receives to itself, and it finds them only there.
    mutating func checkOTPPlacement() {
        let variants = Set(spec.otps?.variants.map(\.name) ?? [])
        guard !variants.isEmpty else { return }
        let isDirect = { (ref: TypeRef) -> Bool in
            if case let .named(name) = ref.unwrapped { return variants.contains(name) }
            return false
        }
        var members: [(owner: TypeDecl, ref: TypeRef, location: SourcePosition)] = []
        for type in spec.types {
            switch type.kind {
            case let .structure(decl): members += decl.fields.map { (type, $0.type, $0.typeLocation) }
            case let .union(decl):
                members += decl.cases.compactMap { item in item.payload.map { (type, $0, item.payloadLocation) } }
            case .enumeration, .value: break
            }
        }
        let carriers = Set(members.filter { isDirect($0.ref) }.map(\.owner.name))
        for member in members {
            let named = Set(member.ref.namedTypes)
            if !isDirect(member.ref), !named.isDisjoint(with: variants) {
                diagnostics.error(
                    "an OTP variant in \"\(member.owner.name)\" is inside an array or a map", at: member.location,
                    note: "an OTP travels alone, as a field or a union payload, so the client can bind it")
            }
            if let carrier = named.intersection(carriers).sorted().first {
                diagnostics.error(
                    "\"\(carrier)\" carries an OTP, so it can only be an endpoint's response, not part of \"\(member.owner.name)\"",
                    at: member.location)
            }
        }
    }

    mutating func checkErrors() {
        var codes: [ErrorCodeValue: ErrorCode] = [:]
        var swiftNames: [String: ErrorCode] = [:]
        for error in spec.errors {
            checkIdentifier(error.swiftName, what: "error \"\(error.name)\"", at: error.location)
            if GeneratedNames.errorCodeStatics.contains(error.swiftName) {
                diagnostics.error(
                    "the Swift name \"\(error.swiftName)\" of error \"\(error.name)\" is taken by generated code",
                    at: error.location, note: "set another \"swiftName\"")
            }
            if let first = codes[error.code] {
                if !error.byStatus, !first.byStatus {
                    diagnostics.error(
                        "duplicate error code \(error.code): \"\(first.name)\" has it too", at: error.location,
                        note: "each error needs its own code")
                } else {
                    let what = { (error: ErrorCode) in
                        error.condition != nil
                            ? "its name, as a condition tells it apart"
                            : error.byStatus ? "its status, as it has no code" : "its code"
                    }
                    diagnostics.error(
                        "\"\(error.name)\" is known by \(what(error)), \(error.code), which \"\(first.name)\" is known by too",
                        at: error.location,
                        note: "an error without a code is named by its status, which no other error may use")
                }
            }
            codes[error.code] = codes[error.code] ?? error
            checkCondition(of: error)
            if let first = swiftNames[error.swiftName] {
                diagnostics.error(
                    "duplicate error name \"\(error.swiftName)\": \"\(first.name)\" has it too", at: error.location,
                    note: "set a distinct \"swiftName\"")
            }
            swiftNames[error.swiftName] = swiftNames[error.swiftName] ?? error
            // An error marker makes a success status an error too (Slack answers every error 200 with
            // `"ok": false`), for an error its code tells apart.
            let markedSuccess = spec.service.envelope.errorMarker != nil && !error.byStatus
            if !(400...599).contains(error.status), !(markedSuccess && (200...299).contains(error.status)) {
                diagnostics.error(
                    "the status of \"\(error.name)\" must be an HTTP error status (400–599)",
                    at: error.statusLocation ?? error.location,
                    note: markedSuccess || spec.service.envelope.errorMarker == nil
                        ? nil : "an error known by its status alone needs an error status")
            }
            if error.message.isEmpty {
                diagnostics.error("error \"\(error.name)\" needs a default message for users", at: error.location)
            }
        }
    }

    /// `when` tells apart errors without a code that share a status (one without either is
    /// refused as it is read): it needs no code, and a condition no other error of the status has.
    private mutating func checkCondition(of error: ErrorCode) {
        guard let condition = error.condition, let at = error.conditionLocation else { return }
        if !error.byStatus {
            diagnostics.error(
                "error \"\(error.name)\" has a code, which tells it apart already", at: at,
                note: "\"when\" is for errors without a code that share a status; remove one of them")
        }
        let earlier = spec.errors.prefix { $0.name != error.name }
        if let twin = earlier.first(where: { $0.status == error.status && $0.condition == condition }) {
            diagnostics.error(
                "error \"\(error.name)\" has the condition of \"\(twin.name)\" (\(condition))", at: at,
                note: "two errors of status \(error.status) need conditions that tell them apart")
        }
    }
}
