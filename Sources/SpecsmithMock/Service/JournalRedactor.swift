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
            sequence: 0, method: request.method.rawValue, path: Self.maskingDigits(in: request.path),
            query: request.query.mapValues { _ in redacted }, headers: headers, body: body,
            operation: operation?.name, status: status)
    }

    /// `text` with every run of 12 or more digits (spaces and dashes between them allowed) replaced
    /// by `<redacted>`: the shape of a card number, wherever it turns up.
    static func maskingDigits(in text: String) -> String {
        // Bytes, not Characters: digits, spaces and dashes are ASCII, and this runs on every entry.
        let bytes = Array(text.utf8)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var runStart: Int?
        var digits = 0
        func flush(upTo end: Int) {
            guard let start = runStart else { return }
            output += digits >= 12 ? Array(redacted.utf8) : Array(bytes[start..<end])
            runStart = nil
            digits = 0
        }
        for (index, byte) in bytes.enumerated() {
            if (48...57).contains(byte) {
                if runStart == nil { runStart = index }
                digits += 1
            } else if runStart != nil, byte == 32 || byte == 45 {
                continue
            } else {
                flush(upTo: index)
                output.append(byte)
            }
        }
        flush(upTo: bytes.count)
        return String(decoding: output, as: UTF8.self)
    }
}
