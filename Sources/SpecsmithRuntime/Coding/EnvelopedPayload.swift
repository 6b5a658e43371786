import Foundation

/// A success body unwrapped from, or wrapped into, the service's envelope.
package struct EnvelopedPayload<Payload: Codable & Sendable>: Codable, Sendable {
    /// The payload.
    package var payload: Payload
    /// The envelope it travels in.
    package var envelope: WireEnvelope

    /// `payload`, to be wrapped in `envelope`.
    package init(_ payload: Payload, envelope: WireEnvelope) {
        self.payload = payload
        self.envelope = envelope
    }

    package init(from decoder: any Decoder) throws {
        guard let envelope = decoder.userInfo[.specsmithEnvelope] as? WireEnvelope else {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "no envelope description"))
        }
        self.envelope = envelope
        if let marker = envelope.successMarker {
            // A marker sits beside the data member, or among a bare payload's own members.
            let container = try decoder.container(keyedBy: AnyCodingKey.self)
            guard marker.value.isHeld(by: container, at: AnyCodingKey(marker.field)) else {
                throw DecodingError.dataCorruptedError(
                    forKey: AnyCodingKey(marker.field), in: container,
                    debugDescription: "expected \(marker.value) in a success body")
            }
        }
        guard let dataField = envelope.dataField else {
            payload = try Payload(from: decoder)
            return
        }
        let container = try decoder.container(keyedBy: AnyCodingKey.self)
        if Payload.self == NoContent.self, !container.contains(AnyCodingKey(dataField)) {
            payload = NoContent() as! Payload
        } else {
            payload = try container.decode(Payload.self, forKey: AnyCodingKey(dataField))
        }
    }

    package func encode(to encoder: any Encoder) throws {
        try envelope.encodeSuccess(payload, to: encoder)
    }
}

extension WireEnvelope {
    /// Writes `payload` as a success body: under the data key with the success marker, or bare.
    /// ``NoContent`` writes no data member.
    package func encodeSuccess<Payload: Encodable>(_ payload: Payload, to encoder: any Encoder) throws {
        guard let dataField else {
            try payload.encode(to: encoder)
            return
        }
        var container = encoder.container(keyedBy: AnyCodingKey.self)
        if let successMarker {
            try container.encode(successMarker.value, forKey: AnyCodingKey(successMarker.field))
        }
        if !(payload is NoContent) { try container.encode(payload, forKey: AnyCodingKey(dataField)) }
    }
}

extension WireEnvelope {
    /// Writes `payload` as a success body, as ``encodeSuccess(_:to:)`` encodes it, straight to bytes:
    /// the payload under the data key beside the success marker, keys in order, or bare.
    package func writeSuccess<Payload: WireJSONWritable>(_ payload: Payload, to json: inout WireJSONWriter) throws {
        guard let dataField else { return try payload.writeJSON(to: &json) }
        let writesPayload = !(payload is NoContent)
        // Of a marker and a payload under one key, the payload is the one kept, as in the tree.
        let marker = successMarker.flatMap { writesPayload && $0.field == dataField ? nil : $0 }
        // At most two members, so their order is one comparison, with no list to sort.
        let markerFirst = marker.map { !writesPayload || WireJSONWriter.inKeyOrder($0.field, dataField) } ?? false
        json.beginObject()
        if let marker, markerFirst {
            json.key(marker.field)
            marker.value.write(to: &json)
        }
        if writesPayload {
            json.key(dataField)
            try payload.writeJSON(to: &json)
        }
        if let marker, !markerFirst {
            json.key(marker.field)
            marker.value.write(to: &json)
        }
        json.endObject()
    }
}
