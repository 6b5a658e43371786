import Foundation
@_spi(Generated) import SpecsmithRuntime

/// The error body the mock writes when the spec declares no error `body` type: code and message,
/// wherever the envelope puts them. Clients read it back with the runtime's `ErrorAnswer`.
struct EnvelopedError: Encodable, Sendable, Hashable {
    /// The error code; `nil` in the body of an error told apart by its status alone.
    var code: ErrorCodeValue?
    /// The error message.
    var message: String
    /// The envelope it travels in.
    var envelope: WireEnvelope

    func encode(to encoder: any Encoder) throws {
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
