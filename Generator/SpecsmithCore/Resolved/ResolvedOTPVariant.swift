/// An OTP variant with the endpoints its `verify(code:)` and `resend()` call.
public struct ResolvedOTPVariant: Sendable {
    /// The variant as the spec declares it.
    public let variant: OTPVariant
    /// The endpoint `verify(code:)` calls.
    public let verify: Endpoint
    /// The endpoint `resend()` calls.
    public let resend: Endpoint
    /// The field of the verify response that `verify(code:)` returns; `nil` when it returns the
    /// whole response.
    public let result: Field?

    init(variant: OTPVariant, verify: Endpoint, resend: Endpoint, in spec: Spec) {
        self.variant = variant
        self.verify = verify
        self.resend = resend
        // Validation refuses a result the verify response does not have.
        result = variant.result.flatMap { name in
            guard case let .structure(decl)? = verify.response?.namedTypes.first.flatMap(spec.type(named:))?.kind
            else { return nil }
            return decl.fields.first { $0.name == name }
        }
    }
}
