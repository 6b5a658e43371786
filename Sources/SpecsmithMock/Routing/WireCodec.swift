import Foundation
@_spi(Generated) import SpecsmithRuntime

/// The request and response types of one operation, erased, so JSON can be round-tripped through
/// them by name: decode with the generated type, encode again.
@_spi(Generated) public struct WireCodec: Sendable {
    /// Decodes a request body through the generated request type and encodes it again.
    public var roundTripRequest: @Sendable (Data) throws -> Data
    /// Decodes a response payload through the generated response type and encodes it again.
    public var roundTripResponse: @Sendable (Data) throws -> Data

    /// Decodes a request body (`true`) or a response payload (`false`) through its generated type and
    /// encodes it both ways: by the type's `WireJSONWritable` conformance (an error it throws is
    /// thrown, not hidden by ``SpecsmithRuntime/WireCoding/encode(_:)``'s fallback), or as
    /// `WireCoding.encode` does for a type without one, and through `Encodable` alone; with whether
    /// the type writes itself. The two must be the same bytes.
    public var encodeBothWays:
        @Sendable (Data, _ isRequest: Bool) throws -> (written: Data, encoded: Data, writesItself: Bool)

    /// The round trips through `request` and `response`.
    public init<Request: Codable & Sendable, Response: Codable & Sendable>(
        request: Request.Type, response: Response.Type
    ) {
        roundTripRequest = { data in try WireCoding.encode(WireCoding.decode(Request.self, from: data)) }
        roundTripResponse = { data in try WireCoding.encode(WireCoding.decode(Response.self, from: data)) }
        encodeBothWays = { data, isRequest in
            func both<Value: Codable>(_ type: Value.Type) throws -> (Data, Data, Bool) {
                let value = try WireCoding.decode(type, from: data)
                let writable = value as? any WireJSONWritable
                return (
                    try writable.map { Data(try WireJSONWriter.json(of: $0)) } ?? WireCoding.encode(value),
                    try WireJSONEncoder.encodeThroughTree(value), writable != nil
                )
            }
            return try isRequest ? both(Request.self) : both(Response.self)
        }
    }
}
