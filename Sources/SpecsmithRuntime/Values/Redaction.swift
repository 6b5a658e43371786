import Foundation

/// Replaces sensitive values in JSON bodies and headers before anything prints or stores them.
///
/// Paths are wire names joined by dots; `[]` after a name steps into every array element and `{}`
/// into every map value: `card.number`, `items[].code`, `cards{}.number`. Names match whatever
/// their case, and a path steps into arrays on its own (`card.number` reaches `card[0].number`), so
/// a body shaped differently from what the spec says loses its sensitive values all the same.
package enum Redaction {
    /// `body` as compact JSON text with the values at `paths` replaced by `<redacted>`, and also every
    /// member, at any depth, named like one of `namesAnywhere` (compared case-insensitively). A body
    /// that is not a JSON object or array is not shown at all (it could hold anything), only its size.
    package static func redactedText(of body: Data, paths: [String], namesAnywhere: Set<String> = []) -> String {
        guard !body.isEmpty else { return "" }
        // Only objects and arrays are shown: a bare scalar body has no field names to redact by.
        guard var object = try? JSONSerialization.jsonObject(with: body), object is [String: Any] || object is [Any]
        else {
            return "<\(body.count) bytes, not a JSON object or array>"
        }
        for path in paths {
            object = replacing(in: object, at: path.split(separator: ".").map(String.init)[...]) { _ in redacted }
        }
        if !namesAnywhere.isEmpty {
            object = redact(object, named: Set(namesAnywhere.map { $0.lowercased() }))
        }
        guard
            let data = try? JSONSerialization.data(
                withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])
        else {
            return "<\(body.count) bytes>"
        }
        return String(decoding: data, as: UTF8.self)
    }

    /// Headers with the values of `sensitive` names (compared case-insensitively), and of every name
    /// that looks like a credential (``isCredentialHeader(_:)``), replaced.
    package static func redactedHeaders(_ headers: [(name: String, value: String)], sensitive: [String]) -> [(
        name: String, value: String
    )] {
        let lowered = Set(sensitive.map { $0.lowercased() })
        return headers.map { isSensitive($0.name, among: lowered) ? ($0.name, redacted) : $0 }
    }

    /// Whether header `name` is one of `lowered` (names in lowercase) or named like a credential.
    private static func isSensitive(_ name: String, among lowered: Set<String>) -> Bool {
        lowered.contains(name.lowercased()) || isCredentialHeader(name)
    }

    /// Whether a header's name says it carries a credential, whatever a spec lists:
    /// `Authorization`, `Proxy-Authorization`, `Cookie`, `Set-Cookie`, `Api-Key`, and any name ending
    /// in `-token`, `-key` or `-secret` (or `_token`, `_key`, `_secret`). `Idempotency-Key` is the one
    /// exception: it names a request, not a caller, and tests read it back.
    package static func isCredentialHeader(_ name: String) -> Bool {
        isCredentialHeader(lowercased: lowercasedName(name))
    }

    /// ``isCredentialHeader(_:)`` for a name already in lowercase, as a server's parser delivers it.
    package static func isCredentialHeader(lowercased name: String) -> Bool {
        if exactCredentialNames.contains(name) { return true }
        if name == "idempotency-key" { return false }
        // On bytes: header names are ASCII tokens, and this runs for every header the mock journals.
        let bytes = name.utf8
        return credentialSuffixes.contains { suffix in
            bytes.count >= suffix.utf8.count && bytes.suffix(suffix.utf8.count).elementsEqual(suffix.utf8)
        }
    }

    /// `name` in lowercase, copied only when it has an uppercase letter.
    package static func lowercasedName(_ name: String) -> String {
        name.utf8.contains { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") } ? name.lowercased() : name
    }

    private static let exactCredentialNames: Set<String> = [
        "authorization", "proxy-authorization", "cookie", "set-cookie", "api-key", "apikey", "token", "secret",
    ]
    private static let credentialSuffixes = ["-token", "_token", "-key", "_key", "-secret", "_secret"]

    /// The sensitive values `request` carries as text, longest first: those at `paths` of its JSON
    /// body (strings, and numbers as JSON writes them), and the values of its headers named in
    /// `sensitiveHeaders` or named like a credential (``isCredentialHeader(_:)``), with the
    /// credential alone when a scheme comes before it, and of its query items named in `queryItems`. A failure's texts
    /// are cleaned of them, as a server may repeat what it was sent.
    package static func sensitiveValues(
        of request: TransportRequest, paths: [String], sensitiveHeaders: [String], queryItems: [String] = []
    ) -> [String] {
        let lowered = Set(sensitiveHeaders.map { $0.lowercased() })
        // A credential after its scheme (`Bearer sk_live_…`) is what a server would repeat.
        var values = request.headers.filter { isSensitive($0.name, among: lowered) }.flatMap { header in
            [header.value] + (header.value.split(separator: " ").last.map { [String($0)] } ?? [])
        }
        if !queryItems.isEmpty, let items = URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems
        {
            values += items.filter { queryItems.contains($0.name) }.compactMap(\.value)
        }
        if let body = request.body, !paths.isEmpty, let object = try? JSONSerialization.jsonObject(with: body) {
            for path in paths {
                _ = replacing(in: object, at: path.split(separator: ".").map(String.init)[...]) { leaf in
                    if let text = leaf as? String {
                        values.append(text)
                    } else if let number = leaf as? NSNumber {
                        values.append(number.stringValue)
                    }
                    return leaf
                }
            }
        }
        return Set(values.filter { !$0.isEmpty }).sorted { ($0.count, $0) > ($1.count, $1) }
    }

    /// `text` with each of `values` (``sensitiveValues(of:paths:sensitiveHeaders:queryItems:)``) replaced by
    /// `<redacted>`. A value shorter than three characters is left: it says nothing alone, and
    /// replacing it would garble the text around it.
    package static func hiding(_ values: [String], in text: String) -> String {
        values.reduce(text) { text, value in
            value.count < 3 ? text : text.replacingOccurrences(of: value, with: redacted)
        }
    }

    /// `value` with `leaf` applied to whatever `segments` lead to.
    private static func replacing(in value: Any, at segments: ArraySlice<String>, with leaf: (Any) -> Any) -> Any {
        guard var segment = segments.first else { return leaf(value) }
        var step: Character?
        if segment.hasSuffix("[]") || segment.hasSuffix("{}") {
            step = segment.last
            segment.removeLast(2)
        }
        let rest = segments.dropFirst()
        func inner(_ child: Any) -> Any {
            switch step {
            case "]": (child as? [Any]).map { $0.map { replacing(in: $0, at: rest, with: leaf) } } ?? child
            case "}":
                (child as? [String: Any]).map { $0.mapValues { replacing(in: $0, at: rest, with: leaf) } } ?? child
            default: replacing(in: child, at: rest, with: leaf)
            }
        }
        if segment.isEmpty { return inner(value) }
        // A path that meets an array where it expects an object goes on in every element.
        if let array = value as? [Any] { return array.map { replacing(in: $0, at: segments, with: leaf) } }
        guard var object = value as? [String: Any] else { return value }
        let wanted = segment.lowercased()
        for (key, child) in object where key.lowercased() == wanted { object[key] = inner(child) }
        return object
    }

    private static func redact(_ value: Any, named names: Set<String>) -> Any {
        if let array = value as? [Any] { return array.map { redact($0, named: names) } }
        guard let object = value as? [String: Any] else { return value }
        var result: [String: Any] = [:]
        for (key, child) in object {
            result[key] = names.contains(key.lowercased()) ? redacted : redact(child, named: names)
        }
        return result
    }
}
