import Foundation

/// A value that writes its wire JSON itself, with no `Encoder` between: what the generator
/// conforms its models, enums and values to. What it writes is byte for byte what its `Encodable`
/// conformance gives through ``WireCoding/encode(_:)``; every spec's examples are checked both ways.
@_spi(Generated) public protocol WireJSONWritable: Encodable {
    /// Writes the value, keys in UTF-8 order.
    /// - Throws: `EncodingError.invalidValue` for a number JSON cannot hold.
    func writeJSON(to json: inout WireJSONWriter) throws
}

// The types a spec's primitives become, written as the wire encoder writes them.

@_spi(Generated) extension String: WireJSONWritable {
    public func writeJSON(to json: inout WireJSONWriter) { json.string(self) }
}

@_spi(Generated) extension Bool: WireJSONWritable {
    public func writeJSON(to json: inout WireJSONWriter) { json.literal(self ? "true" : "false") }
}

@_spi(Generated) extension Int: WireJSONWritable {
    public func writeJSON(to json: inout WireJSONWriter) { json.literal(String(self)) }
}

@_spi(Generated) extension Int64: WireJSONWritable {
    public func writeJSON(to json: inout WireJSONWriter) { json.literal(String(self)) }
}

@_spi(Generated) extension UInt64: WireJSONWritable {
    public func writeJSON(to json: inout WireJSONWriter) { json.literal(String(self)) }
}

@_spi(Generated) extension Double: WireJSONWritable {
    public func writeJSON(to json: inout WireJSONWriter) throws {
        json.write(try WireJSONEncoding.number(self, at: WireJSONEncoding(parent: nil, key: nil)))
    }
}

@_spi(Generated) extension Decimal: WireJSONWritable {
    public func writeJSON(to json: inout WireJSONWriter) throws {
        guard isFinite else { throw WireJSONEncoding.notANumber(self, at: []) }
        json.literal(description)
    }
}

@_spi(Generated) extension Date: WireJSONWritable {
    public func writeJSON(to json: inout WireJSONWriter) { json.date(self) }
}

@_spi(Generated) extension URL: WireJSONWritable {
    public func writeJSON(to json: inout WireJSONWriter) { json.string(absoluteString) }
}

@_spi(Generated) extension UUID: WireJSONWritable {
    public func writeJSON(to json: inout WireJSONWriter) { json.string(uuidString) }
}

@_spi(Generated) extension Data: WireJSONWritable {
    public func writeJSON(to json: inout WireJSONWriter) { json.string(base64EncodedString()) }
}

@_spi(Generated) extension Optional: WireJSONWritable where Wrapped: WireJSONWritable {
    /// The value, or `null`: what `encode(_:forKey:)` writes for an optional (not `encodeIfPresent`).
    public func writeJSON(to json: inout WireJSONWriter) throws {
        guard let self else { return json.literal("null") }
        try self.writeJSON(to: &json)
    }
}

@_spi(Generated) extension Nullable: WireJSONWritable where Wrapped: WireJSONWritable {
    /// `null` or the value; a member that is absent is left out by its object.
    public func writeJSON(to json: inout WireJSONWriter) throws {
        guard case let .value(wrapped) = self else { return json.literal("null") }
        try wrapped.writeJSON(to: &json)
    }
}

@_spi(Generated) extension Array: WireJSONWritable where Element: WireJSONWritable {
    public func writeJSON(to json: inout WireJSONWriter) throws {
        json.beginArray()
        for item in self { try item.writeJSON(to: &json) }
        json.endArray()
    }
}

@_spi(Generated) extension Dictionary: WireJSONWritable where Key == String, Value: WireJSONWritable {
    /// An object with the keys in UTF-8 order.
    public func writeJSON(to json: inout WireJSONWriter) throws {
        json.beginObject()
        for key in keys.sorted(by: WireJSONWriter.inKeyOrder) {
            json.key(key)
            try self[key]?.writeJSON(to: &json)
        }
        json.endObject()
    }
}

@_spi(Generated) extension NoContent: WireJSONWritable {
    /// An empty object, as its `Encodable` conformance gives.
    public func writeJSON(to json: inout WireJSONWriter) {
        json.beginObject()
        json.endObject()
    }
}
