import Foundation
@_spi(Generated) import SpecsmithRuntime

/// A probe's body as the endpoint's media type carries it, written by the runtime's own codecs, so
/// `specsmith verify` sends what a generated client sends: JSON, a form, multipart parts, bytes or text.
extension ProbeRequest {
    /// The bytes of the body and the `Content-Type` that labels them; `nil` without a body.
    public var encodedBody: (data: Data, contentType: String)? {
        guard let body else { return nil }
        let json = Data(JSONText.compact(body).utf8)
        let mediaType = endpoint.requestMediaType
        switch mediaType {
        case RawBody.bytes, RawBody.text:
            // A raw body is a string in the spec's examples: base64 for bytes, the text itself.
            let text = body.string ?? ""
            let data = mediaType == RawBody.bytes ? Data(base64Encoded: text) ?? Data(text.utf8) : Data(text.utf8)
            return (data, RawBody.label(mediaType))
        case FormEncoding.mediaType, MultipartForm.mediaType:
            guard let tree = try? WireCoding.decoder().decode(JSONValue.self, from: json) else {
                return (json, "application/json")
            }
            if mediaType == MultipartForm.mediaType,
                let (data, contentType) = try? MultipartForm.encode(tree, files: Set(fileFields))
            {
                return (data, contentType)
            }
            return ((try? FormEncoding.encode(tree)) ?? json, FormEncoding.mediaType)
        default:
            return (json, "application/json")
        }
    }
}
