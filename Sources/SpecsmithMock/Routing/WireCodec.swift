import Foundation
@_spi(Generated) import SpecsmithRuntime

/// The request and response types of one operation, erased, so JSON can be round-tripped through
/// them by name: decode with the generated type, encode again.
@_spi(Generated) public struct WireCodec: Sendable {
    /// Decodes a request body through the generated request type and encodes it again.
    public var roundTripRequest: @Sendable (Data) throws -> Data
    /// Decodes a response payload through the generated response type and encodes it again.
    public var roundTripResponse: @Sendable (Data) throws -> Data

    /// The round trips through `request` and `response`.
    public init<Request: Codable & Sendable, Response: Codable & Sendable>(
        request: Request.Type, response: Response.Type
    ) {
        roundTripRequest = { data in try WireCoding.encode(WireCoding.decode(Request.self, from: data)) }
        roundTripResponse = { data in try WireCoding.encode(WireCoding.decode(Response.self, from: data)) }
    }
}
