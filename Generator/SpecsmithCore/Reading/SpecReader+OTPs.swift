import SpecsmithRuntime

extension SpecReader {
    mutating func readOTPs(_ node: JSONNode) -> OTPSection? {
        guard var object = ObjectReader(node, what: "otps", diagnostics: &diagnostics) else { return nil }
        let info = object.requiredString("info", diagnostics: &diagnostics)
        let idField = object.string("idField", diagnostics: &diagnostics)?.0 ?? "otpID"
        let codeField = object.string("codeField", diagnostics: &diagnostics)?.0 ?? "code"
        var variants: [OTPVariant] = []
        if object.members.first(where: { $0.key == "variants" }) == nil {
            diagnostics.error("otps is missing the required key \"variants\"", at: node.location)
        }
        if let variantsNode = object.object("variants", diagnostics: &diagnostics) {
            for (name, location, value) in namedObjects(variantsNode, what: "variants") {
                guard var reader = ObjectReader(value, what: "OTP variant \"\(name)\"", diagnostics: &diagnostics)
                else {
                    continue
                }
                let doc = reader.string("doc", diagnostics: &diagnostics)?.0 ?? ""
                let verify = reader.requiredString("verify", diagnostics: &diagnostics)
                let resend = reader.requiredString("resend", diagnostics: &diagnostics)
                let result = reader.string("result", diagnostics: &diagnostics)
                reader.finish(diagnostics: &diagnostics, keys: &keysRead)
                guard let verify, let resend else { continue }
                variants.append(
                    OTPVariant(
                        name: name, doc: doc, verify: verify.0, verifyLocation: verify.1, resend: resend.0,
                        resendLocation: resend.1, result: result?.0, resultLocation: result?.1 ?? location,
                        location: location))
            }
        }
        object.finish(diagnostics: &diagnostics, keys: &keysRead)
        guard let info else { return nil }
        return OTPSection(
            info: info.0, infoLocation: info.1, idField: idField, codeField: codeField, variants: variants,
            location: node.location)
    }

    mutating func readErrors(_ node: JSONNode) -> [ErrorCode] {
        namedObjects(node, what: "errors").compactMap { name, location, value in
            let what = "error \"\(name)\""
            guard var object = ObjectReader(value, what: what, diagnostics: &diagnostics) else { return nil }
            let code = object.errorCode("code", diagnostics: &diagnostics)
            let hasCode = object.members.contains { $0.key == "code" }
            let hasStatus = object.members.contains { $0.key == "status" }
            if !hasCode, !hasStatus {
                diagnostics.error(
                    "\(what) needs a \"code\", or a \"status\" for an error told apart by its HTTP status",
                    at: value.location)
            }
            let swiftName =
                object.string("swiftName", diagnostics: &diagnostics)?.0 ?? lowerCamelCase(fromScreaming: name)
            let message = object.requiredString("message", diagnostics: &diagnostics)?.0 ?? ""
            let doc = object.string("doc", diagnostics: &diagnostics)?.0 ?? ""
            let retryable = object.bool("retryable", diagnostics: &diagnostics) ?? false
            var category = ErrorCodeInfo.Category.server
            if let (text, at) = object.string("category", diagnostics: &diagnostics) {
                if let parsed = ErrorCodeInfo.Category(rawValue: text) {
                    category = parsed
                } else {
                    diagnostics.error(
                        "unknown error category \"\(text)\"", at: at,
                        note: "use one of \(ErrorCodeInfo.Category.allCases.map(\.rawValue).joined(separator: ", "))")
                }
            }
            let status = object.int("status", diagnostics: &diagnostics)
            let condition = object.object("when", diagnostics: &diagnostics).flatMap {
                readErrorCondition($0, owner: what)
            }
            object.finish(diagnostics: &diagnostics, keys: &keysRead)
            // An error told apart by a condition is keyed by its name: its status is another's.
            let statusKey = condition == nil ? status.map { ErrorCodeValue.number($0.0) } : .text(name)
            guard let key = code?.0 ?? (hasCode ? nil : statusKey) else { return nil }
            var error = ErrorCode(
                code: key, name: name, swiftName: swiftName, message: message, doc: doc, retryable: retryable,
                category: category, status: status?.0 ?? 422, location: location, statusLocation: status?.1)
            error.byStatus = !hasCode
            error.condition = condition?.0
            error.conditionLocation = condition?.1
            return error
        }
    }

    /// `"when": {"header": "X-RateLimit-Remaining", "equals": "0"}`, or `{"field": "error.type", …}`.
    private mutating func readErrorCondition(_ node: JSONNode, owner: String) -> (ErrorCondition, SourcePosition)? {
        let what = "the \"when\" of \(owner)"
        guard var object = ObjectReader(node, what: what, diagnostics: &diagnostics) else { return nil }
        let header = object.string("header", diagnostics: &diagnostics)
        let field = object.string("field", diagnostics: &diagnostics)
        let value = object.requiredString("equals", diagnostics: &diagnostics)
        object.finish(diagnostics: &diagnostics, keys: &keysRead)
        guard let value else { return nil }
        switch (header, field) {
        case let (name?, nil):
            if !HTTPHeaderName.isToken(name.0) {
                diagnostics.error("\"\(name.0)\" in \(what) is not an HTTP header name", at: name.1)
                return nil
            }
            return (.header(name.0, equals: value.0), node.location)
        case let (nil, path?):
            if path.0.split(separator: ".", omittingEmptySubsequences: false).contains(where: \.isEmpty) {
                diagnostics.error(
                    "\"\(path.0)\" in \(what) is not a member path", at: path.1,
                    note: "name the body's member, with dots between nested keys: \"error.type\"")
                return nil
            }
            return (.field(path.0, equals: value.0), node.location)
        default:
            diagnostics.error(
                "\(what) needs one of \"header\" or \"field\"", at: node.location,
                note: "the header or the body member whose value names this error")
            return nil
        }
    }
}

/// `INVALID_CURRENCY` → `invalidCurrency`.
public func lowerCamelCase(fromScreaming name: String) -> String {
    let words = name.split(separator: "_").map { $0.lowercased() }
    guard let first = words.first else { return name }
    return first + words.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
}
