// Hand-written: whether a failed report may succeed later is the SDK's policy, shared by the app's
// queue and the extension, which keeps such a report for the app.
import Foundation

extension OpenNotification.Failure {
    /// Whether the same send may succeed later: no answer, an unreadable one (a captive portal's
    /// page), a middleware's refusal, or a server error the spec does not document outside 4xx (a 5xx), and 408 and 429
    /// whatever the spec says. A documented code, or another 4xx, is the server's final refusal.
    package var mayPassLater: Bool {
        switch kind {
        // A middleware's refusal sent nothing; the next try runs it again.
        case .transport, .invalidResponse, .refused: return true
        case .session, .encryption, .invalidRequest: return false
        case let .server(code):
            if code == 408 || code == 429 { return true }
            if OpenNotification.ErrorCode.catalog[code] != nil { return false }
            return !(400..<500).contains(code)
        }
    }
}
