import Foundation
import Testing

@testable @_spi(Generated) import SpecsmithRuntime

/// A success body written straight to bytes is the one `Encodable` gives, in every envelope shape.
@Suite struct EnvelopeWritingTests {
    struct Payload: Codable, WireJSONWritable {
        var name = "Ada"
        var count = 2

        func writeJSON(to json: inout WireJSONWriter) throws {
            json.beginObject()
            try json.member("count", count)
            try json.member("name", name)
            json.endObject()
        }
    }

    struct Enveloped<Value: Encodable>: Encodable {
        var payload: Value
        var envelope: WireEnvelope
        func encode(to encoder: any Encoder) throws { try envelope.encodeSuccess(payload, to: encoder) }
    }

    static let envelopes: [WireEnvelope] = [
        WireEnvelope(dataField: "data", successMarker: .init(field: "result", value: "ok")),
        WireEnvelope(dataField: "payload", successMarker: .init(field: "ok", value: "yes")),
        WireEnvelope(dataField: "data"),
        WireEnvelope(),
        WireEnvelope(dataField: "data", successMarker: .init(field: "data", value: "shadowed")),
        WireEnvelope(dataField: "d\"ata", successMarker: .init(field: "st\u{1}atus", value: "o\"k")),
    ]

    @Test(arguments: envelopes)
    func aWrittenSuccessBodyIsTheEncodedOne(_ envelope: WireEnvelope) throws {
        var json = WireJSONWriter()
        try envelope.writeSuccess(Payload(), to: &json)
        let encoded = try WireJSONEncoder.encodeThroughTree(Enveloped(payload: Payload(), envelope: envelope))
        #expect(String(decoding: json.bytes, as: UTF8.self) == String(decoding: encoded, as: UTF8.self))

        var empty = WireJSONWriter()
        try envelope.writeSuccess(NoContent(), to: &empty)
        let none = try WireJSONEncoder.encodeThroughTree(Enveloped(payload: NoContent(), envelope: envelope))
        #expect(String(decoding: empty.bytes, as: UTF8.self) == String(decoding: none, as: UTF8.self))
    }
}
