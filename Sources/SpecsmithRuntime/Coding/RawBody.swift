import Foundation

/// Bodies that travel as they are rather than as JSON: bytes (`application/octet-stream`, as a
/// file upload or download) and text (`text/plain`, as a CSV export or a receipt), which the spec
/// types `bytes` and `string`. The client and the mock share it.
package enum RawBody {
    /// Bytes as they are.
    package static let bytes = "application/octet-stream"
    /// UTF-8 text.
    package static let text = "text/plain"

    /// Whether `mediaType` is one of the raw ones.
    package static func isRaw(_ mediaType: String?) -> Bool {
        mediaType == bytes || mediaType == text
    }

    /// The `Content-Type` a raw body of `mediaType` is labelled with: text names its charset.
    package static func label(_ mediaType: String) -> String {
        mediaType == text ? "text/plain; charset=utf-8" : mediaType
    }

    /// The bytes of `body`, a `Data` or a `String` (as UTF-8); `nil` for any other value.
    package static func encode(_ body: some Any) -> Data? {
        switch body {
        case let data as Data: data
        case let text as String: Data(text.utf8)
        default: nil
        }
    }

    /// `data` as `type` when it is `Data` or `String`; `nil` for another type, or text that is not
    /// UTF-8.
    package static func decode<Body>(_ data: Data, as type: Body.Type) -> Body? {
        if type == Data.self { return data as? Body }
        if type == String.self { return String(data: data, encoding: .utf8) as? Body }
        return nil
    }
}
