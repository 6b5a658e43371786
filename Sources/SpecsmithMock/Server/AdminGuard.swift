import Foundation

/// Who may use the `/__mock/*` control endpoints over HTTP: the test suite on this machine, not a
/// web page. A page can make a browser post a form to loopback (a cross-site request) or point its
/// own host name at 127.0.0.1 (DNS rebinding); both are refused with 403.
///
/// - The `Host` must be `127.0.0.1`, `localhost` or `[::1]` with the mock's port.
/// - An `Origin`, when a browser sends one, must be one of those too.
/// - Anything but GET and HEAD must say `Content-Type: application/json` (a form cannot).
/// - With a token configured, it must come as `Authorization: Bearer …` or `X-Mock-Admin-Token`.
struct AdminGuard: Sendable {
    static let prefix = "/__mock/"

    let port: UInt16
    let token: String?

    /// The 403 to answer instead, or `nil` when `request` may reach the control endpoints (or is
    /// not for them).
    func refusal(of request: MockRequest) -> MockResponse? {
        guard request.path.hasPrefix(Self.prefix) || request.path == "/__mock" else { return nil }
        if let problem = problem(with: request) { return .error(status: 403, message: problem) }
        return nil
    }

    private func problem(with request: MockRequest) -> String? {
        let allowed = Set(["127.0.0.1", "localhost", "[::1]"].map { "\($0):\(port)" })
        guard let host = request.header("host")?.lowercased(), allowed.contains(host) else {
            return "control endpoints answer only a loopback Host with the mock's port"
        }
        if let origin = request.header("origin")?.lowercased(), !allowed.contains(where: { origin == "http://\($0)" }) {
            return "control endpoints do not answer web pages"
        }
        if request.method != "GET", request.method != "HEAD" {
            let mediaType = request.header("content-type")?.split(separator: ";").first?
                .trimmingCharacters(in: .whitespaces).lowercased()
            guard mediaType == "application/json" else {
                return "control endpoints take only Content-Type: application/json"
            }
        }
        if let token {
            let offered =
                request.header("x-mock-admin-token")
                ?? request.header("authorization").flatMap { value in
                    value.lowercased().hasPrefix("bearer ") ? String(value.dropFirst(7)) : nil
                }
            guard let offered, Self.equal(offered, token) else {
                return "control endpoints need the admin token"
            }
        }
        return nil
    }

    /// Compares without stopping at the first difference, so timing does not reveal the token.
    private static func equal(_ lhs: String, _ rhs: String) -> Bool {
        let left = Array(lhs.utf8)
        let right = Array(rhs.utf8)
        var difference = left.count ^ right.count
        for index in 0..<max(left.count, right.count) {
            let a = index < left.count ? left[index] : 0
            let b = index < right.count ? right[index] : 0
            difference |= Int(a ^ b)
        }
        return difference == 0
    }
}
