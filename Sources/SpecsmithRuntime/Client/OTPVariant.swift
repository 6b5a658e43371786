/// A generated OTP variant (`LinkOTP`, `PaymentOTP`, …): a class around an ``OTPState``.
///
/// Coding, equality and hashing go through the info, so a variant travels on the wire as its info
/// and two variants with the same info are equal. A generated variant adds only what differs
/// between variants: which endpoints `verify(code:)` and `resend()` call, and what they return.
public protocol OTPVariant: AnyObject, Codable, Hashable, Sendable {
    /// The OTP's info: its ID, sender, length, lifetime.
    associatedtype Info: Codable & Hashable & Sendable

    /// The info as last issued and the client that issued it.
    var state: OTPState<Info> { get }

    /// A variant around `state`.
    init(state: OTPState<Info>)
}

extension OTPVariant {
    /// An OTP as a mock or a test makes it: it has no client, so `verify` and `resend` fail as
    /// unauthenticated until a generated client that received it binds itself.
    public init(info: Info) {
        self.init(state: OTPState(info))
    }

    /// The OTP as last issued: `resend()` replaces it.
    public var info: Info { state.info }

    public init(from decoder: any Decoder) throws {
        self.init(state: OTPState(try Info(from: decoder)))
    }

    public func encode(to encoder: any Encoder) throws {
        try info.encode(to: encoder)
    }

    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.info == rhs.info }

    public func hash(into hasher: inout Hasher) { hasher.combine(info) }
}
