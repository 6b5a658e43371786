// Hand-written: the facts a failure keeps beyond its generated shape — the numeric code behind every
// kind, the server's own message, and no phone number in its text. The generated `Failure` keeps the
// code only in `.server(code:)` and prefers the catalogue's message; this restores both from `detail`,
// which the runtime writes as "<operation> failed: server error <code>: <server message>".
import Foundation
import SpecsmithRuntime

extension BKMExpress.Failure {
    /// The error code the service answered with, whatever the kind: `.session` failures tell an
    /// expired session (`SESSION_EXPIRED`, 1002) from an invalid one (`INVALID_SESSION`, 1001), and
    /// `.encryption` ones carry `DECRYPTION_FAILED` (1205). `nil` when no answer carried a code
    /// (no connection, a local check).
    public var code: BKMExpress.ErrorCode? {
        if case let .server(code) = kind { return BKMExpress.ErrorCode(rawValue: code) }
        return serverAnswer.map { BKMExpress.ErrorCode(rawValue: $0.code) }
    }

    /// The code and text of the service's error answer, read from `detail`.
    var serverAnswer: (code: Int, message: String)? {
        let marker = "\(operation) failed: server error "
        guard detail.hasPrefix(marker) else { return nil }
        let rest = detail.dropFirst(marker.count)
        guard let colon = rest.firstIndex(of: ":"), let code = Int(rest[..<colon]) else { return nil }
        return (code, String(rest[colon...].dropFirst().drop { $0 == " " }))
    }

    /// This failure with the service's own message when it sent one (the catalogue's Turkish text
    /// otherwise), and with `gsm` masked in every text it holds.
    func keepingFacts(hiding gsm: String) -> Self {
        var failure = self
        if let answer = serverAnswer, !answer.message.isEmpty {
            failure.message = answer.message
        }
        let masked =
            String(gsm.prefix(3)) + String(repeating: "•", count: max(0, gsm.count - 5)) + String(gsm.suffix(2))
        if !gsm.isEmpty {
            failure.message = failure.message.replacingOccurrences(of: gsm, with: masked)
            failure.detail = failure.detail.replacingOccurrences(of: gsm, with: masked)
        }
        return failure
    }
}
