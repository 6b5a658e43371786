import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What a browser got for one page: where it ended after redirects, its status and its HTML.
public struct LoadedPage: Sendable {
    /// The URL after every redirect.
    public var url: URL
    /// The final response's status.
    public var status: Int
    /// The body as text.
    public var html: String
}

/// Loads mock pages over loopback as a browser would: GET, or POST a form, following redirects.
public enum PageBrowser {
    /// `url`, with `form` posted as `application/x-www-form-urlencoded` when given.
    public static func load(_ url: URL, form: [String: String]? = nil) async throws -> LoadedPage {
        var request = URLRequest(url: url)
        if let form {
            request.httpMethod = "POST"
            request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
            var allowed = CharacterSet.alphanumerics
            allowed.insert(charactersIn: "-._~")
            let body = form.sorted { $0.key < $1.key }.map { name, value in
                "\(name)=\(value.addingPercentEncoding(withAllowedCharacters: allowed) ?? "")"
            }.joined(separator: "&")
            request.httpBody = Data(body.utf8)
        }
        let session = URLSession(configuration: .ephemeral)
        defer { session.finishTasksAndInvalidate() }
        let (data, response) = try await session.data(for: request)
        let http = response as? HTTPURLResponse
        return LoadedPage(
            url: http?.url ?? url, status: http?.statusCode ?? 0, html: String(decoding: data, as: UTF8.self))
    }
}

/// What a phone-ready page must carry, read from its HTML.
public enum PageMarkup {
    /// Every tag named `name` (`input`, `label`, …), as written.
    public static func tags(_ name: String, in html: String) -> [String] {
        matches("<\(name)\\b[^>]*>", in: html)
    }

    /// An attribute's value in one tag, or `nil`.
    public static func attribute(_ name: String, in tag: String) -> String? {
        matches("\\s\(name)=\"[^\"]*\"", in: tag).first.map { match in
            String(match.drop { $0 != "\"" }.dropFirst().dropLast())
        }
    }

    /// The `id`s of the inputs a payer sees (not hidden) that no `<label for=…>` names.
    public static func unlabelledInputs(in html: String) -> [String] {
        let labelled = Set(tags("label", in: html).compactMap { attribute("for", in: $0) })
        return tags("input", in: html).filter { attribute("type", in: $0) != "hidden" }
            .map { attribute("id", in: $0) ?? $0 }.filter { !labelled.contains($0) }
    }

    /// The text of the element with `id`, or `nil`.
    public static func text(ofID id: String, in html: String) -> String? {
        matches("<[a-z0-9]+[^>]*\\sid=\"\(id)\"[^>]*>[^<]*<", in: html).first.map { match in
            String(match.drop { $0 != ">" }.dropFirst().dropLast())
        }
    }

    private static func matches(_ pattern: String, in text: String) -> [String] {
        guard let expression = try? NSRegularExpression(pattern: pattern, options: [.caseInsensitive]) else {
            return []
        }
        return expression.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap {
            Range($0.range, in: text).map { String(text[$0]) }
        }
    }
}
