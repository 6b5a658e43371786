import Foundation
import SpecsmithRuntime

/// One example of a spec, as JSON text, with a round trip through its generated types.
///
/// Examples document each endpoint, feed the tests, and are the mock's default answers.
public struct WireExample: Sendable {
    public var operation: String
    public var name: String
    public var request: String?
    public var response: String?
    /// Decodes the request JSON through the generated request type and encodes it again.
    public var roundTripRequest: @Sendable (Data) throws -> Data
    /// Decodes the response JSON through the generated response type and encodes it again.
    public var roundTripResponse: @Sendable (Data) throws -> Data

    public init<Request: Codable, Response: Codable>(
        operation: String, name: String, request: String?, response: String?, requestType: Request.Type,
        responseType: Response.Type
    ) {
        self.operation = operation
        self.name = name
        self.request = request
        self.response = response
        roundTripRequest = { data in try WireCoding.encode(WireCoding.decode(Request.self, from: data)) }
        roundTripResponse = { data in try WireCoding.encode(WireCoding.decode(Response.self, from: data)) }
    }
}
