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
        guard let dataField = envelope.dataField else {
            payload = try Payload(from: decoder)
            return
        }
        let container = try decoder.container(keyedBy: AnyCodingKey.self)
        if let marker = envelope.successMarker {
            let value = try container.decode(String.self, forKey: AnyCodingKey(marker.field))
            guard value == marker.value else {
                throw DecodingError.dataCorruptedError(
                    forKey: AnyCodingKey(marker.field), in: container,
                    debugDescription: "expected \"\(marker.value)\" in a success body, found \"\(value)\"")
            }
        }
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
            json.string(marker.value)
        }
        if writesPayload {
            json.key(dataField)
            try payload.writeJSON(to: &json)
        }
        if let marker, !markerFirst {
            json.key(marker.field)
            json.string(marker.value)
        }
        json.endObject()
    }
}

/// An error body: code and message, wherever the envelope puts them.
package struct EnvelopedError: Codable, Sendable, Hashable {
    /// The error code; `nil` in the body of an error told apart by its status alone.
    package var code: ErrorCodeValue?
    /// The error message.
    package var message: String
    /// The envelope it travels in.
    package var envelope: WireEnvelope

    /// An error body with `code` and `message`, to be wrapped in `envelope`.
    package init(code: ErrorCodeValue?, message: String, envelope: WireEnvelope) {
        self.code = code
        self.message = message
        self.envelope = envelope
    }

    package init(from decoder: any Decoder) throws {
        guard let envelope = decoder.userInfo[.specsmithEnvelope] as? WireEnvelope else {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "no envelope description"))
        }
        self.envelope = envelope
        var container = try decoder.container(keyedBy: AnyCodingKey.self)
        if let marker = envelope.errorMarker {
            let value = try container.decode(String.self, forKey: AnyCodingKey(marker.field))
            guard value == marker.value else {
                throw DecodingError.dataCorruptedError(
                    forKey: AnyCodingKey(marker.field), in: container, debugDescription: "not an error body")
            }
        }
        if let errorContainer = envelope.errorContainer {
            container = try container.nestedContainer(keyedBy: AnyCodingKey.self, forKey: AnyCodingKey(errorContainer))
        }
        code = try container.decode(ErrorCodeValue.self, forKey: AnyCodingKey(envelope.codeField))
        message = try container.decodeIfPresent(String.self, forKey: AnyCodingKey(envelope.messageField)) ?? ""
    }

    /// The message of a JSON object error body that has no code, `""` when it has none: the
    /// envelope's message member (inside its container when there is one), else RFC 9457's `detail`
    /// or `title`. `nil` when the body is not a JSON object, such as a proxy's HTML page.
    package static func codelessMessage(in body: Data, envelope: WireEnvelope) -> String? {
        guard let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any] else { return nil }
        let inner = envelope.errorContainer.flatMap { object[$0] as? [String: Any] } ?? object
        for (members, key) in [(inner, envelope.messageField), (object, "detail"), (object, "title")] {
            if let text = members[key] as? String, !text.isEmpty { return text }
        }
        return ""
    }

    package func encode(to encoder: any Encoder) throws {
        var root = encoder.container(keyedBy: AnyCodingKey.self)
        if let marker = envelope.errorMarker {
            try root.encode(marker.value, forKey: AnyCodingKey(marker.field))
        }
        if let errorContainer = envelope.errorContainer {
            var inner = root.nestedContainer(keyedBy: AnyCodingKey.self, forKey: AnyCodingKey(errorContainer))
            try inner.encodeIfPresent(code, forKey: AnyCodingKey(envelope.codeField))
            try inner.encode(message, forKey: AnyCodingKey(envelope.messageField))
        } else {
            try root.encodeIfPresent(code, forKey: AnyCodingKey(envelope.codeField))
            try root.encode(message, forKey: AnyCodingKey(envelope.messageField))
        }
    }
}
