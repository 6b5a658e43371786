import SpecsmithCore

extension TranslationContext {
    /// The shared `OTP` protocol and one class per variant. A variant holds the latest info
    /// (`resend()` replaces it) and the client that decoded it, so `verify(code:)` can call back.
    func translateOTPs(_ otps: OTPSection) -> [Declaration] {
        let info = otps.info
        let protocolDecl = Declaration.container(
            doc: Doc([
                "A one-time password the service sent to the user, to be verified with the code they type.",
                "Every variant shares this interface, so one OTP screen serves them all.",
            ]),
            "public protocol OTP", conformances: ["Sendable"],
            members: [
                .line(
                    "associatedtype VerificationResult: Sendable", doc: Doc("What a successful verification returns.")),
                .line("var info: \(info) { get }", doc: Doc("The OTP as last issued: its id, length and lifetime.")),
                .requirement(
                    doc: Doc("Checks the code the user typed."),
                    signature: Signature(
                        "func verify", ["code: String"], " async throws(Failure) -> VerificationResult")),
                .requirement(
                    doc: Doc("Sends a fresh code; `info` is updated to it."),
                    signature: Signature("func resend", [], " async throws(Failure) -> \(info)")),
            ])
        return [.container("extension \(namespace)", members: [protocolDecl])]
            + otps.variants.compactMap { variant(otps, $0) }
    }

    private func variant(_ otps: OTPSection, _ variant: OTPVariant) -> Declaration? {
        guard let verify = spec.endpoint(named: variant.verify), let resend = spec.endpoint(named: variant.resend)
        else {
            return nil
        }
        let verifyResponse = verify.response.map { swiftType($0) } ?? "NoContent"
        var result = verifyResponse
        var pick = ""
        if let field = variant.result,
            case let .structure(decl)? = verify.response.flatMap({ $0.namedTypes.first }).flatMap(spec.type(named:))?
                .kind,
            let resultField = decl.fields.first(where: { $0.name == field })
        {
            result = swiftType(resultField.type)
            pick = ".\(field)"
        }
        let verifyRequest = verify.request.map { swiftType($0) } ?? "NoContent"
        let resendRequest = resend.request.map { swiftType($0) } ?? "NoContent"
        let client = { (operation: String) in
            Statement.line("let client = try state.client(for: \(Self.quoted(operation)), as: Failure.self)")
        }
        let members: [Declaration] = [
            .line("private let state: OTPState<\(otps.info), Client>"),
            .function(
                doc: Doc("The OTP as last issued."), signature: .property("public var info: \(otps.info)"),
                body: [.line("state.info")]),
            .function(
                doc: Doc("Wraps `info`; `client` is what `verify` and `resend` call (a mock leaves it out)."),
                signature: Signature("public init", ["info: \(otps.info)", "client: Client? = nil"]),
                body: [.line("state = OTPState(info, client: client)")]),
            .function(
                doc: Doc(), signature: Signature("public convenience init", ["from decoder: any Decoder"], " throws"),
                body: [
                    .line(
                        "self.init(info: try \(otps.info)(from: decoder), client: decoder.userInfo[.specsmithClient] as? Client)"
                    )
                ]),
            .function(
                doc: Doc(), signature: Signature("public func encode", ["to encoder: any Encoder"], " throws"),
                body: [.line("try info.encode(to: encoder)")]),
            .function(
                doc: Doc(
                    "Calls `\(verify.name)` with the code.\n- Returns: \(variant.result.map { "The response's `\($0)`." } ?? "The verification response.")"
                ),
                signature: Signature("public func verify", ["code: String"], " async throws(Failure) -> \(result)"),
                body: [
                    client(verify.name),
                    .line("let request = \(verifyRequest)(\(otps.idField): info.id, \(otps.codeField): code)"),
                    .line("return try await client.\(verify.name)(request)\(pick)"),
                ]),
            .function(
                doc: Doc("Calls `\(resend.name)`; the fresh info replaces `info`."),
                signature: Signature("public func resend", [], " async throws(Failure) -> \(otps.info)"),
                body: [
                    client(resend.name),
                    .line("let request = \(resendRequest)(\(otps.idField): info.id)"),
                    .line("return state.replace(with: try await client.\(resend.name)(request))"),
                ]),
            .function(
                doc: Doc(),
                signature: Signature(
                    "public static func == ", ["lhs: \(variant.name)", "rhs: \(variant.name)"], " -> Bool"),
                body: [.line("lhs.info == rhs.info")]),
            .function(
                doc: Doc(), signature: Signature("public func hash", ["into hasher: inout Hasher"]),
                body: [.line("hasher.combine(info)")]),
        ]
        return .container(
            "extension \(namespace)",
            members: [
                .container(
                    doc: Doc(variant.doc), "public final class \(variant.name)",
                    conformances: ["OTP", "Codable", "Hashable"], members: members)
            ])
    }
}
