/// A union's discriminator held a value the spec does not list: thrown by generated decoders so
/// the client reports it as its own failure instead of guessing a case.
public struct UnknownDiscriminator: Error, Sendable, Hashable, CustomStringConvertible {
    /// The union type being decoded.
    public var type: String
    /// The discriminator's key.
    public var field: String
    /// The value it held.
    public var value: String

    /// An unknown `value` of `type`'s discriminator `field`.
    public init(type: String, field: String, value: String) {
        self.type = type
        self.field = field
        self.value = value
    }

    public var description: String { "unknown \(field) \"\(value)\" for \(type)" }
}
