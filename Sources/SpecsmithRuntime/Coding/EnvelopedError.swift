import Foundation

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
