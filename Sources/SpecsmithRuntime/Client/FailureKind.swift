/// What went wrong in a call, in the categories every generated `Failure` shares.
///
/// New kinds may be added in a minor release, so a `switch` over a kind ends with
/// `@unknown default`; `if case` and `==` need nothing more. Compilers without the
/// `nonexhaustive` attribute (before Swift 6.2) see the enum as exhaustive.
#if hasAttribute(nonexhaustive)
    @nonexhaustive
#endif
public enum FailureKind: Hashable, Sendable {
    /// The session is missing, invalid or expired.
    case session
    /// Data could not be encrypted or decrypted.
    case encryption
    /// The service answered with an error code; the service's `ErrorCode` names it. For an error
    /// body without a code, `code` is the HTTP status.
    case server(code: ErrorCodeValue)
    /// No answer: timeout, refused or reset connection, cancellation.
    case transport(TransportFailure.Kind)
    /// An answer that does not follow the spec.
    case invalidResponse
    /// The request could not be built.
    case invalidRequest
    /// A middleware of the app or the SDK would not let the request go (a token it could not
    /// refresh, a signature it could not make); the associated value names it. Nothing was sent.
    case refused(by: String)
}
