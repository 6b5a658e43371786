import Foundation
import SpecsmithRuntime

/// Turns a request into a journal entry with nothing sensitive left in it, whatever the request
/// reached: an operation, a page, or nothing at all.
///
/// - Headers: every credential header of any operation of the router, plus the usual ones
///   (`Authorization`, `Cookie`, `Bex-Connection`, `X-Api-Key`, …), is `<redacted>`.
/// - Body: for an operation, its JSON with the spec's sensitive fields `<redacted>`; for a page or
///   a request that matched no operation, only its size.
/// - Query: names kept, values `<redacted>`. Path: runs of 12 or more digits `<redacted>`.
struct JournalRedactor: Sendable {
    static let alwaysCredentials: Set<String> = [
        "authorization", "proxy-authorization", "cookie", "set-cookie", "bex-connection", "x-api-key",
        "x-mock-admin-token",
    ]

    let credentialHeaders: Set<String>

    init(router: MockRouter) {
        credentialHeaders = Self.alwaysCredentials.union(
            router.routes.flatMap(\.operation.credentialHeaders).map { $0.lowercased() })
    }

    func entry(for request: MockRequest, operation: WireOperation?, status: Int) -> MockJournalEntry {
        let headers = Dictionary(
            request.headers.map { name, value in
                (name, credentialHeaders.contains(name.lowercased()) ? redacted : value)
            }, uniquingKeysWith: { first, _ in first })
        let body: String
        if let operation {
            body = Self.maskingDigits(
                in: Redaction.redactedText(of: request.body, paths: operation.sensitiveRequestFields))
        } else {
            body = request.body.isEmpty ? "" : "<\(request.body.count) bytes, not routed to an operation>"
        }
        return MockJournalEntry(
            sequence: 0, method: request.method, path: Self.maskingDigits(in: request.path),
            query: request.query.mapValues { _ in redacted }, headers: headers, body: body,
            operation: operation?.name, status: status)
    }

    /// `text` with every run of 12 or more digits (spaces and dashes between them allowed) replaced
    /// by `<redacted>`: the shape of a card number, wherever it turns up.
    static func maskingDigits(in text: String) -> String {
        var output = ""
        var run = ""
        var digits = 0
        func flush() {
            output += digits >= 12 ? redacted : run
            run = ""
            digits = 0
        }
        for character in text {
            if character.isASCII, character.isNumber {
                run.append(character)
                digits += 1
            } else if !run.isEmpty, character == " " || character == "-" {
                run.append(character)
            } else {
                flush()
                output.append(character)
            }
        }
        flush()
        return output
    }
}
