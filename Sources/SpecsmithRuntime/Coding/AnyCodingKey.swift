/// A coding key made from any string, for wire names known only at run time (envelopes, unions).
package struct AnyCodingKey: CodingKey, Hashable, Sendable {
    package var stringValue: String
    package var intValue: Int?

    /// A key for the wire name `string`.
    package init(_ string: String) {
        stringValue = string
    }

    package init?(stringValue: String) {
        self.stringValue = stringValue
    }

    package init?(intValue: Int) {
        stringValue = String(intValue)
        self.intValue = intValue
    }
}
