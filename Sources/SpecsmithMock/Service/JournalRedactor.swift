import Foundation
@_spi(Generated) import SpecsmithRuntime

/// Turns a request into a journal entry with nothing sensitive left in it, whatever the request
/// reached: an operation, a page, or nothing at all.
///
/// - Headers: every credential header of any operation of the router, and every name that looks
///   like a credential (``Redaction/isCredentialHeader(_:)``: `Authorization`, `Cookie`, `*-Token`,
///   `*-Key`, `*-Secret`, …), is `<redacted>`; long digit runs in the others are masked.
/// - Body: for an operation, its JSON with the spec's sensitive fields `<redacted>` (by path, and for
///   a body the mock refused also by name at any depth, since it may not have the spec's shape); for
///   a page or a request that matched no operation, only its size. Cut to `bodyLimit` bytes.
/// - Query: names kept, values `<redacted>`. Path: the values of the operation's sensitive path
///   parameters and card-number-shaped digit runs `<redacted>`.
struct JournalRedactor: Sendable {
    static let alwaysCredentials: Set<String> = ["bex-connection", "x-mock-admin-token"]

    let credentialHeaders: Set<String>
    /// The last segment of every sensitive path, for bodies whose shape cannot be trusted.
    let sensitiveNames: Set<String>
    let bodyLimit: Int

    init(router: MockRouter, bodyLimit: Int) {
        credentialHeaders = Self.alwaysCredentials.union(
            router.routes.flatMap(\.operation.credentialHeaders).map { $0.lowercased() })
        sensitiveNames = Set(
            router.routes.flatMap(\.operation.sensitiveRequestFields).compactMap { path in
                path.split(separator: ".").last.map { $0.replacingOccurrences(of: "[]", with: "") }
                    .map { $0.replacingOccurrences(of: "{}", with: "").lowercased() }
            })
        self.bodyLimit = max(0, bodyLimit)
    }

    func isCredential(_ header: String) -> Bool {
        let name = Redaction.lowercasedName(header)
        return credentialHeaders.contains(name) || Redaction.isCredentialHeader(lowercased: name)
    }

    /// The journal's entry for `request`; `path`, when given, is its path already hidden by routing
    /// (which knows the operations of a method the path does not take as well).
    func entry(for request: MockRequest, operation: WireOperation?, status: Int, path: String? = nil)
        -> MockJournalEntry
    {
        // The request's own dictionary, changed where a value must be: most headers are kept as
        // they are, so this costs one copy of the table and no hashing of the names kept.
        var headers = request.headers
        for (name, value) in request.headers {
            if isCredential(name) {
                headers[name] = redacted
            } else {
                let masked = Self.maskingDigits(in: value)
                if masked != value { headers[name] = masked }
            }
        }
        var body: String
        if let operation {
            let refused = status >= 400 || status == 0
            body = Self.maskingDigits(
                in: Redaction.redactedText(
                    of: request.body, paths: operation.sensitiveRequestFields,
                    namesAnywhere: refused ? sensitiveNames : []))
        } else {
            body = request.body.isEmpty ? "" : "<\(request.body.count) bytes, not routed to an operation>"
        }
        let isCut = body.utf8.count > bodyLimit
        if isCut { body = Self.prefix(of: body, bytes: bodyLimit) }
        var query: [String: String] = [:]
        if !request.query.isEmpty {
            query = Dictionary(
                request.query.keys.map { (Self.maskingDigits(in: $0), redacted) },
                uniquingKeysWith: { first, _ in first }
            )
        }
        let path = path ?? Self.maskingDigits(in: operation?.hidingSensitiveSegments(in: request.path) ?? request.path)
        return MockJournalEntry(
            sequence: 0, method: request.method.rawValue, path: path,
            query: query, headers: headers, body: body, bodyBytes: request.body.count, bodyIsCut: isCut,
            operation: operation?.name, status: status)
    }

    /// At most `bytes` of `text`'s UTF-8, ending on a whole character.
    static func prefix(of text: String, bytes: Int) -> String {
        let utf8 = Array(text.utf8.prefix(bytes))
        var end = utf8.count
        // Back off continuation bytes (10xxxxxx) and the lead byte whose character they would finish.
        if end < text.utf8.count {
            while end > 0, utf8[end - 1] & 0xC0 == 0x80 { end -= 1 }
            if end > 0, utf8[end - 1] >= 0xC0 { end -= 1 }
        }
        return String(decoding: utf8[..<end], as: UTF8.self)
    }
}
