import Foundation

/// Replaces sensitive values in JSON bodies and headers before anything prints or stores them.
///
/// Paths are wire names joined by dots; `[]` after a name steps into every array element and `{}`
/// into every map value: `card.number`, `items[].code`, `cards{}.number`.
public enum Redaction {
    /// `body` as compact JSON text with the values at `paths` replaced by `<redacted>`. A body that is
    /// not a JSON object or array is not shown at all (it could hold anything), only its size.
    public static func redactedText(of body: Data, paths: [String]) -> String {
        guard !body.isEmpty else { return "" }
        // Only objects and arrays are shown: a bare scalar body has no field names to redact by.
        guard var object = try? JSONSerialization.jsonObject(with: body), object is [String: Any] || object is [Any]
        else {
            return "<\(body.count) bytes, not a JSON object or array>"
        }
        for path in paths {
            object = redact(object, segments: path.split(separator: ".").map(String.init)[...])
        }
        guard
            let data = try? JSONSerialization.data(
                withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])
        else {
            return "<\(body.count) bytes>"
        }
        return String(decoding: data, as: UTF8.self)
    }

    /// Headers with the values of `sensitive` names (compared case-insensitively) replaced.
    public static func redactedHeaders(_ headers: [(name: String, value: String)], sensitive: [String]) -> [(
        name: String, value: String
    )] {
        let lowered = Set(sensitive.map { $0.lowercased() } + ["authorization", "cookie", "set-cookie"])
        return headers.map { lowered.contains($0.name.lowercased()) ? ($0.name, redacted) : $0 }
    }

    private static func redact(_ value: Any, segments: ArraySlice<String>) -> Any {
        guard var segment = segments.first else { return redacted }
        var step: Character?
        if segment.hasSuffix("[]") || segment.hasSuffix("{}") {
            step = segment.last
            segment.removeLast(2)
        }
        let rest = segments.dropFirst()
        let inner: (Any) -> Any = { child in
            switch step {
            case "]": (child as? [Any]).map { $0.map { redact($0, segments: rest) } } ?? child
            case "}": (child as? [String: Any]).map { $0.mapValues { redact($0, segments: rest) } } ?? child
            default: redact(child, segments: rest)
            }
        }
        if segment.isEmpty { return inner(value) }
        guard var object = value as? [String: Any], let child = object[segment] else { return value }
        object[segment] = inner(child)
        return object
    }
}
