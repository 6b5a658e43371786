/// What every generated OTP variant holds: the info as last issued (a resend replaces it) and the
/// client that decoded it, to call back for verify and resend.
public final class OTPState<Info: Sendable, Client: Sendable>: Sendable {
    private let current: Locked<Info>
    private let client: Client?

    public init(_ info: Info, client: Client?) {
        current = Locked(info)
        self.client = client
    }

    /// The info as last issued.
    public var info: Info { current.withLock { $0 } }

    /// Keeps `info` as the current one and returns it.
    public func replace(with info: Info) -> Info {
        current.withLock { $0 = info }
        return info
    }

    /// The client to call for `operation`; an OTP made without one (as a mock makes them) fails as
    /// an unauthenticated call instead of crashing.
    public func client<Failure: ServiceFailure>(for operation: String, as failure: Failure.Type) throws(Failure)
        -> Client
    {
        guard let client else { throw Failure(ClientFailure(operation: operation, reason: .notAuthenticated)) }
        return client
    }
}
