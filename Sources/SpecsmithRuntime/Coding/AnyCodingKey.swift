/// A coding key made from any string, for wire names known only at run time (envelopes, unions).
public struct AnyCodingKey: CodingKey, Hashable, Sendable {
    public var stringValue: String
    public var intValue: Int?

    /// A key for the wire name `string`.
    public init(_ string: String) {
        stringValue = string
    }

    public init?(stringValue: String) {
        self.stringValue = stringValue
    }

    public init?(intValue: Int) {
        stringValue = String(intValue)
        self.intValue = intValue
    }
}
