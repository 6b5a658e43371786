import SpecsmithCore

extension TranslationContext {
    /// The shared `OTP` protocol and one small class per variant. What every variant has in common
    /// (its state, coding, equality) comes from the runtime's `OTPVariant`; a variant says only which
    /// endpoints `verify(code:)` and `resend()` call and what verifying returns.
    func translateOTPs(_ otps: OTPSection) -> [Declaration] {
        let info = otps.info
        let protocolDecl = Declaration.container(
            doc: Doc([
                "A one-time password the service sent to the user, to be verified with the code they type.",
                "Every variant shares this interface, so one OTP screen serves them all.",
            ]),
            ContainerHeader(.public, .protocol, Names.otp), conformances: ["Sendable"],
            members: [
                .line(
                    "associatedtype VerificationResult: Sendable", doc: Doc("What a successful verification returns.")),
                .line("var info: \(info) { get }", doc: Doc("The OTP as last issued: its id, length and lifetime.")),
                .requirement(
                    doc: Doc("Checks the code the user typed."),
                    signature: Signature.function(
                        nil, "verify", ["code: String"], " async throws(\(Names.failure)) -> VerificationResult")),
                .requirement(
                    doc: Doc("Sends a fresh code; `info` is updated to it."),
                    signature: Signature.function(nil, "resend", [], " async throws(\(Names.failure)) -> \(info)")),
            ])
        return [.container(.extension(of: namespace), members: [protocolDecl])]
            + resolved.otpVariants.map { variant(otps, $0) }
    }

    private func variant(_ otps: OTPSection, _ resolvedVariant: ResolvedOTPVariant) -> Declaration {
        let (variant, verify, resend) = (resolvedVariant.variant, resolvedVariant.verify, resolvedVariant.resend)
        var result = verify.response.map { swiftType($0) } ?? Names.noContent
        // An endpoint with response headers answers a reply: the OTP reads its body.
        var pick = verify.responseHeaders.isEmpty ? "" : ".responseBody"
        let resent = resend.responseHeaders.isEmpty ? "" : ".responseBody"
        if let field = resolvedVariant.result {
            result = swiftType(field.type)
            pick += ".\(field.name)"
        }
        let verifyRequest = verify.request.map { swiftType($0) } ?? Names.noContent
        let resendRequest = resend.request.map { swiftType($0) } ?? Names.noContent
        let client = { (operation: String) in
            Statement.line(
                "let client = try state.client(\(Names.client).self, for: \(Self.quoted(operation)), as: \(Names.failure).self)"
            )
        }
        let members: [Declaration] = [
            .stored(StoredProperty(.public, .let, "state", type: "\(Names.otpState)<\(otps.info)>")),
            .function(
                doc: Doc(),
                signature: Signature.initializer(.public, ["state: \(Names.otpState)<\(otps.info)>"]),
                body: [.line("self.state = state")]),
            .function(
                doc: Doc(
                    "Calls `\(verify.name)` with the code.\n- Returns: \(variant.result.map { "The response's `\($0)`." } ?? "The verification response.")"
                ),
                signature: Signature.function(
                    .public, "verify", ["code: String"], " async throws(\(Names.failure)) -> \(result)"),
                body: [
                    client(verify.name),
                    .line("let request = \(verifyRequest)(\(otps.idField): info.id, \(otps.codeField): code)"),
                    .line("return try await client.\(verify.name)(request)\(pick)"),
                ]),
            .function(
                doc: Doc("Calls `\(resend.name)`; the fresh info replaces `info`."),
                signature: Signature.function(.public, "resend", [], " async throws(\(Names.failure)) -> \(otps.info)"),
                body: [
                    client(resend.name),
                    .line("let request = \(resendRequest)(\(otps.idField): info.id)"),
                    .line("return state.replace(with: try await client.\(resend.name)(request)\(resent))"),
                ]),
        ]
        return .container(
            .extension(of: namespace),
            members: [
                .container(
                    doc: Doc(variant.doc), ContainerHeader(.public, .class, variant.name, modifiers: [.final]),
                    conformances: [Names.otp, Names.otpVariant], members: members)
            ])
    }
}
