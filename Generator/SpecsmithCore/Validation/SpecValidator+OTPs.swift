extension SpecValidator {
    mutating func checkOTPs() {
        guard let otps = spec.otps else { return }
        if resolve(otps.info) == nil {
            reportUnknown("type", otps.info, among: typeNames, at: otps.infoLocation)
        } else if structDecl(.named(otps.info)) == nil {
            diagnostics.error("the OTP info type \"\(otps.info)\" must be a struct", at: otps.infoLocation)
        }
        let endpointNames = spec.endpoints.map(\.name)
        for variant in otps.variants {
            checkIdentifier(variant.name, what: "OTP variant \"\(variant.name)\"", at: variant.location)
            for (name, location, role) in [
                (variant.verify, variant.verifyLocation, "verify"), (variant.resend, variant.resendLocation, "resend"),
            ] {
                guard let endpoint = spec.endpoint(named: name) else {
                    diagnostics.error(
                        "OTP variant \"\(variant.name)\" names the missing \(role) endpoint \"\(name)\"", at: location,
                        note: closestMatch(to: name, in: endpointNames).map { "did you mean \"\($0)\"?" })
                    continue
                }
                let required = role == "verify" ? [otps.idField, otps.codeField] : [otps.idField]
                let request = structDecl(endpoint.request)
                for field in required where request?.fields.contains(where: { $0.name == field }) != true {
                    diagnostics.error(
                        "the \(role) endpoint \"\(name)\" of \"\(variant.name)\" needs a request field \"\(field)\"",
                        at: location)
                }
                if role == "resend", endpoint.response != .named(otps.info) {
                    diagnostics.error(
                        "the resend endpoint \"\(name)\" must answer with \"\(otps.info)\"", at: location)
                }
            }
            if let result = variant.result, let verify = spec.endpoint(named: variant.verify) {
                if structDecl(verify.response)?.fields.contains(where: { $0.name == result }) != true {
                    diagnostics.error(
                        "the response of \"\(variant.verify)\" has no field \"\(result)\" for \"\(variant.name)\" to return",
                        at: variant.resultLocation)
                }
            }
        }
    }

    mutating func checkErrors() {
        var codes: [Int: ErrorCode] = [:]
        var swiftNames: [String: ErrorCode] = [:]
        for error in spec.errors {
            checkIdentifier(error.swiftName, what: "error \"\(error.name)\"", at: error.location)
            if let first = codes[error.code] {
                diagnostics.error(
                    "duplicate error code \(error.code): \"\(first.name)\" has it too", at: error.location,
                    note: "each error needs its own code")
            }
            codes[error.code] = codes[error.code] ?? error
            if let first = swiftNames[error.swiftName] {
                diagnostics.error(
                    "duplicate error name \"\(error.swiftName)\": \"\(first.name)\" has it too", at: error.location,
                    note: "set a distinct \"swiftName\"")
            }
            swiftNames[error.swiftName] = swiftNames[error.swiftName] ?? error
            if !(400...599).contains(error.status) {
                diagnostics.error(
                    "the status of \"\(error.name)\" must be an HTTP error status (400–599)", at: error.location)
            }
            if error.message.isEmpty {
                diagnostics.error("error \"\(error.name)\" needs a default message for users", at: error.location)
            }
        }
    }
}
