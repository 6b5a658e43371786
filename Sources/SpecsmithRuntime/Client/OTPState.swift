/// What every generated OTP variant holds: the info as last issued (a resend replaces it) and the
/// client that issued it, to call back for verify and resend.
///
/// A variant decoded from a response has no client until the generated client that received it
/// binds itself (`bind(to:)`, for generated code only); one made by a mock never has one, and its calls fail as
/// unauthenticated instead of crashing.
///
/// The client is held without its type, so an OTP's public surface never names the generated
/// client: an SDK whose client is not public (`"clientAccess": "package"`) still has public OTPs.
public final class OTPState<Info: Sendable>: Sendable {
    private let current: Locked<Info>
    private let issuer: Locked<(any Sendable)?>

    /// The state of an OTP as issued, without a client yet.
    public init(_ info: Info) {
        current = Locked(info)
        issuer = Locked(nil)
    }

    /// The info as last issued.
    public var info: Info { current.withLock { $0 } }

    /// Keeps `info` as the current one and returns it.
    @_spi(Generated) public func replace(with info: Info) -> Info {
        current.withLock { $0 = info }
        return info
    }

    /// Makes `client` the one `verify` and `resend` call; the client that decoded the OTP calls it.
    @_spi(Generated) public func bind(to client: any Sendable) {
        issuer.withLock { $0 = client }
    }

    /// The client of type `Client` to call for `operation`, or a not-authenticated failure naming it.
    @_spi(Generated) public func client<Client, Failure: ServiceFailure>(
        _ type: Client.Type, for operation: String, as failure: Failure.Type
    ) throws(Failure) -> Client {
        guard let client = issuer.withLock({ $0 }) as? Client else {
            throw Failure(ClientFailure(operation: operation, reason: .notAuthenticated))
        }
        return client
    }
}

extension OTPState: CustomReflectable {
    /// `dump` and debuggers see the info only: the client it holds would lead to the session.
    public var customMirror: Mirror { Mirror(self, children: ["info": info]) }
}
