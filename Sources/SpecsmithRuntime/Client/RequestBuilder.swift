import Foundation

/// Builds the URL of an operation: host selection, path parameters and query items, percent-encoded.
package enum RequestBuilder {
    /// Characters allowed unescaped in one path segment (RFC 3986 pchar minus `/`).
    static let segmentCharacters: CharacterSet = {
        var set = CharacterSet.alphanumerics.intersection(
            CharacterSet(charactersIn: Unicode.Scalar(0)..<Unicode.Scalar(128)))
        set.insert(charactersIn: "-._~!$&'()*+,;=:@")
        return set
    }()

    /// Characters allowed unescaped in a query name or value; `&`, `=`, `+` and `#` are escaped.
    static let queryCharacters: CharacterSet = {
        var set = segmentCharacters
        set.remove(charactersIn: "&=+;")
        set.insert(charactersIn: "/?")
        return set
    }()

    /// The URL of an operation: `template`'s `{name}` placeholders replaced by percent-encoded
    /// `pathParameters`, and `query` appended in order.
    ///
    /// - Parameters:
    ///   - base: The host's base URL; its path is kept as a prefix.
    ///   - template: The operation's path, such as `/v1/cards/{cardId}`.
    ///   - pathParameters: A value for every placeholder of `template`.
    ///   - query: The query items, in order; an empty list adds no `?`.
    /// - Throws: `.invalidRequest` when a placeholder has no value, or its value is empty, `.` or `..`.
    package static func url(
        base: URL, path template: String, pathParameters: [String: String], query: [(String, String)]
    ) throws(ClientFailure.Reason) -> URL {
        var path = ""
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{") {
            path += rest[..<open]
            guard let close = rest[open...].firstIndex(of: "}") else { break }
            let name = String(rest[rest.index(after: open)..<close])
            guard let value = pathParameters[name] else {
                throw .invalidRequest("no value for the path parameter {\(name)}")
            }
            guard !value.isEmpty, value != ".", value != ".." else {
                throw .invalidRequest("the path parameter {\(name)} cannot be \"\(value)\"")
            }
            path += value.addingPercentEncoding(withAllowedCharacters: segmentCharacters) ?? value
            rest = rest[rest.index(after: close)...]
        }
        path += rest
        var text = base.absoluteString
        while text.hasSuffix("/") { text.removeLast() }
        text += path
        if !query.isEmpty {
            text +=
                "?"
                + query.map { name, value in
                    let escapedName = name.addingPercentEncoding(withAllowedCharacters: queryCharacters) ?? name
                    let escapedValue = value.addingPercentEncoding(withAllowedCharacters: queryCharacters) ?? value
                    return escapedName + "=" + escapedValue
                }.joined(separator: "&")
        }
        guard let url = URL(string: text) else { throw .invalidRequest("cannot form a URL from \(text)") }
        return url
    }
}
