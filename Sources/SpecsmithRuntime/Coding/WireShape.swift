/// The shape of a JSON value, as a union chosen by shape reads it to pick its case: which kind of
/// value it is and, for an object, which one of the cases' marker keys it holds.
///
/// A union without a discriminator (`"Assignee": string | User | Team`) declares a case per shape;
/// objects are told apart by a marker, a required key only one case has. Generated decoders switch
/// on this and decode the payload from the same decoder, so a value is read once more at most.
@_spi(Generated) public enum WireShape: Sendable, Hashable {
    case null, boolean, number, string, array
    /// An object holding the marker key `marker`, or none of the markers (`nil`).
    case object(marker: String?)

    /// The shape of the value `decoder` holds, with `markers` the keys that tell object cases apart.
    ///
    /// - Throws: `DecodingError.dataCorrupted` when an object holds more than one marker: it could
    ///   be either case, and the union never guesses.
    public init(of decoder: any Decoder, markers: [String] = []) throws {
        if let object = try? decoder.container(keyedBy: AnyCodingKey.self) {
            let present = markers.filter { object.contains(AnyCodingKey($0)) }
            guard present.count <= 1 else {
                throw DecodingError.dataCorrupted(
                    .init(
                        codingPath: decoder.codingPath,
                        debugDescription:
                            "an object with the keys \(present.joined(separator: " and ")) matches more than one case"))
            }
            self = .object(marker: present.first)
            return
        }
        if (try? decoder.unkeyedContainer()) != nil {
            self = .array
            return
        }
        let value = try decoder.singleValueContainer()
        if value.decodeNil() {
            self = .null
        } else if (try? value.decode(Bool.self)) != nil {
            self = .boolean
        } else if (try? value.decode(String.self)) != nil {
            self = .string
        } else {
            self = .number
        }
    }

    /// The error a generated decoder throws when no case takes this shape.
    public func mismatch(in type: String, decoder: any Decoder) -> DecodingError {
        let found: String =
            switch self {
            case .null: "null"
            case .boolean: "a boolean"
            case .number: "a number"
            case .string: "a string"
            case .array: "an array"
            case .object(marker: nil): "an object without a key that marks a case"
            case let .object(marker?): "an object with the key \(marker)"
            }
        return .dataCorrupted(
            .init(codingPath: decoder.codingPath, debugDescription: "\(found) is no case of \(type)"))
    }
}
