/// A union's discriminator held a value the spec does not list: thrown by generated decoders so
/// the client reports it as its own failure instead of guessing a case.
public struct UnknownDiscriminator: Error, Sendable, Hashable, CustomStringConvertible {
    public var type: String
    public var field: String
    public var value: String

    public init(type: String, field: String, value: String) {
        self.type = type
        self.field = field
        self.value = value
    }

    public var description: String { "unknown \(field) \"\(value)\" for \(type)" }
}
