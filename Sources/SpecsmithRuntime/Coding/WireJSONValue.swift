import Foundation

/// What ``WireJSONEncoder`` builds before it writes: a value is text ready to write, a string still
/// to escape, JSON already written, or a container filled in as the value's `encode(to:)` runs.
enum WireJSONValue {
    /// A number, `true`, `false` or `null`, written as it is.
    case literal(String)
    case string(String)
    /// JSON a ``WireJSONWritable`` value wrote itself.
    case raw([UInt8])
    case array(WireJSONArray)
    case object(WireJSONObject)
    /// A `superEncoder()`'s value, known only once the caller has used it.
    case deferred(WireJSONEncoding)
}

/// An array being encoded; a class, because nested containers keep adding to it.
final class WireJSONArray {
    var items: [WireJSONValue] = []
}

/// An object being encoded, its members in the order they were encoded.
final class WireJSONObject {
    var members: [(key: String, value: WireJSONValue)] = []
}
