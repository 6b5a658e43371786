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

// What a server repeats of a request: "No such token: 'tok_…'", "card 4111 1111 1111 1111 declined".
// A failure's texts and a logged answer are cleaned of the request's sensitive values before
// anything shows them.

extension Redaction {
    /// The sensitive values `request` carries as text, longest first: every string and number at
    /// or under `paths` of its JSON or form body, the values of its headers named in
    /// `sensitiveHeaders` or named like a credential (``isCredentialHeader(_:)``) with the credential
    /// alone when a scheme comes before it, its query items named in `queryItems`, and `pathValues`
    /// (what its path carries in sensitive segments).
    package static func sensitiveValues(
        of request: TransportRequest, paths: [String], sensitiveHeaders: [String], queryItems: [String] = [],
        pathValues: [String] = []
    ) -> [String] {
        let lowered = Set(sensitiveHeaders.map { $0.lowercased() })
        // A credential after its scheme (`Bearer sk_live_…`) is what a server would repeat. One that
        // is already `<redacted>` (a session token an SDK keeps from the client) has nothing to hide.
        var values =
            pathValues
            + request.headers.filter { isSensitive($0.name, among: lowered) }.flatMap { header -> [String] in
                guard let credential = header.value.split(separator: " ").last, credential != redacted else {
                    return []
                }
                return [header.value, String(credential)] + basicSecret(in: header.value)
            }
        if !queryItems.isEmpty, let items = URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems
        {
            // A list may come as one comma-joined value (`?cards=a,b`) as well as repeated items.
            let sent = items.filter { queryItems.contains($0.name) }.compactMap(\.value)
            values += sent + sent.filter { $0.contains(",") }.flatMap { $0.split(separator: ",").map(String.init) }
        }
        if let body = request.body, !paths.isEmpty, let tree = parsed(body) {
            for path in paths {
                _ = replacing(in: tree, at: path.split(separator: ".").map(String.init)[...]) { leaf in
                    collect(leaf, into: &values)
                    return leaf
                }
            }
        }
        return Set(values.filter { !$0.isEmpty }).sorted { ($0.count, $0) > ($1.count, $1) }
    }

    /// What an HTTP Basic credential (`Basic <base64>`) carries in clear, which a server could
    /// repeat as it was typed: the user-id and the password. Either may be the secret: an API key
    /// often travels as the user-id, with an empty or placeholder password (`apikey:X`).
    private static func basicSecret(in value: String) -> [String] {
        guard let credentials = BasicCredentials(authorization: value) else { return [] }
        return [credentials.username, credentials.password]
    }

    /// The sensitive values `request` carries for `operation`: at its sensitive body paths, in its
    /// credential headers, in its app-key query items and in its sensitive path and query parameters.
    package static func sensitiveValues(of request: TransportRequest, for operation: WireOperation) -> [String] {
        sensitiveValues(
            of: request, paths: operation.sensitiveRequestFields, sensitiveHeaders: operation.credentialHeaders,
            queryItems: operation.credentialQueryItems + operation.sensitiveParameters,
            pathValues: operation.sensitivePathValues(in: encodedPath(of: request.url)))
    }

    /// `url`'s path as it travels, percent-encoded: where a sensitive segment is found in place.
    package static func encodedPath(of url: URL) -> String {
        URLComponents(url: url, resolvingAgainstBaseURL: false)?.percentEncodedPath ?? url.path
    }

    /// `text` with each of `values` (``sensitiveValues(of:paths:sensitiveHeaders:queryItems:)``)
    /// replaced by `<redacted>`, whatever its case, as JSON escapes it and as a URL encodes it; a
    /// run of eight or more digits also with spaces or dashes between them, as a card number is
    /// printed. A value of fewer than six characters is replaced only where it stands alone (not
    /// inside a longer word or number), and one of fewer than three is left: it says nothing alone.
    package static func hiding(_ values: [String], in text: String) -> String {
        values.filter { $0.count >= 3 }.reduce(text) { text, value in
            var result = text
            for pattern in patterns(for: value) {
                guard let expression = try? NSRegularExpression(pattern: pattern, options: [.caseInsensitive]) else {
                    continue
                }
                result = expression.stringByReplacingMatches(
                    in: result, range: NSRange(result.startIndex..., in: result), withTemplate: redacted)
            }
            return result
        }
    }

    // MARK: - Private helpers

    /// A JSON body, or a form's members, as JSONSerialization would give them.
    private static func parsed(_ body: Data) -> Any? {
        if let object = try? JSONSerialization.jsonObject(with: body) { return object }
        return FormTree.parse(form: body).map(plain)
    }

    private static func plain(_ tree: FormTree) -> Any {
        switch tree {
        case let .value(text): text
        case let .file(part): part.fileName
        case let .members(members): members.mapValues(plain)
        case let .items(items): items.map(plain)
        }
    }

    /// Every string and number in `value`, however deep: a sensitive field may be an object or a
    /// list (a card, backup codes).
    private static func collect(_ value: Any, into values: inout [String]) {
        switch value {
        case let text as String: values.append(text)
        case let number as NSNumber: values.append(number.stringValue)
        case let object as [String: Any]: for member in object.values { collect(member, into: &values) }
        case let array as [Any]: for element in array { collect(element, into: &values) }
        default: break
        }
    }

    /// The regular expressions that find `value` in a text, in each form a server may write it.
    private static func patterns(for value: String) -> [String] {
        var forms = [value]
        let encoder = JSONEncoder()
        for formatting in [JSONEncoder.OutputFormatting.withoutEscapingSlashes, []] {
            encoder.outputFormatting = formatting
            if let json = try? encoder.encode(value), let quoted = String(data: json, encoding: .utf8) {
                forms.append(String(quoted.dropFirst().dropLast()))
            }
        }
        // As a URL encodes it: all but RFC 3986's unreserved characters, and as the client encodes
        // a path segment and a query value (a server may repeat the path it was sent).
        var unreserved = CharacterSet.alphanumerics
        unreserved.insert(charactersIn: "-._~")
        for allowed in [unreserved, RequestBuilder.segmentCharacters, RequestBuilder.queryCharacters] {
            if let encoded = value.addingPercentEncoding(withAllowedCharacters: allowed) { forms.append(encoded) }
        }
        let isShort = value.count < 6
        return Array(Set(forms)).sorted().map { form in
            var pattern = NSRegularExpression.escapedPattern(for: form)
            if form.count >= 8, form.allSatisfy(\.isASCIIDigit) {
                pattern = form.map(String.init).joined(separator: "[ -]?")
            }
            return isShort ? "(?<![A-Za-z0-9])" + pattern + "(?![A-Za-z0-9])" : pattern
        }
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
