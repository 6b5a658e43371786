import SpecsmithRuntime

/// One-time-password variants: each names its verify and resend endpoints and what verifying returns.
public struct OTPSection: Sendable {
    /// The type describing an issued OTP (its id, length, lifetime), shared by every variant.
    public var info: String
    public var infoLocation: SourcePosition
    /// The request field that carries the OTP's id in verify and resend requests.
    public var idField: String
    /// The request field that carries the code the user typed.
    public var codeField: String
    public var variants: [OTPVariant]
    public var location: SourcePosition
}

public struct OTPVariant: Sendable {
    public var name: String
    public var doc: String
    public var verify: String
    public var verifyLocation: SourcePosition
    public var resend: String
    public var resendLocation: SourcePosition
    /// A field of the verify response that `verify(code:)` returns; `nil` returns the whole response.
    public var result: String?
    public var resultLocation: SourcePosition
    public var location: SourcePosition
}

/// An error code the service can answer with.
public struct ErrorCode: Sendable {
    /// The code in the error body; for an error known by its status alone, the status; for one
    /// told apart by a ``condition``, its name.
    public var code: ErrorCodeValue
    /// The error has no code in its body: any error answer with ``status`` is this one (that meets
    /// its ``condition``, when it has one).
    public var byStatus: Bool = false
    /// What tells it apart from another error without a code of the same status (`when`).
    public var condition: ErrorCondition? = nil
    /// Where the spec says `when`, for lint to point at.
    public var conditionLocation: SourcePosition? = nil
    public var name: String
    public var swiftName: String
    public var message: String
    public var doc: String
    public var retryable: Bool
    /// How the SDK classifies the error, in the runtime's own categories, which the generated
    /// catalog spells as they are.
    public var category: ErrorCodeInfo.Category
    /// The HTTP status the mock answers with.
    public var status: Int
    public var location: SourcePosition
    /// Where the status is written, when it is.
    public var statusLocation: SourcePosition?
}
