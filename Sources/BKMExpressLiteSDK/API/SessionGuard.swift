// Hand-written: keeps what a session must not show away from app code: the session token and the
// user's phone number. The spec says which header carries the token and which answer issues it;
// only the SDK can decide that the app's middlewares and transports must never hold the token, and
// the manual promises that no error text shows the phone number, which the spec cannot say a
// server's message might repeat. So both sit here, at the last step before the wire.
import Foundation
@_spi(Generated) import SpecsmithRuntime

extension BKMExpress {
    /// The last step of every request of a session, wrapped around its transport.
    ///
    /// The token `initialize` returns is taken out of the answer and replaced with `<redacted>`
    /// before anything else reads it: the app's middlewares, the generated client and the client's
    /// session store all hold `<redacted>`, so every request leaves the client with
    /// `Bex-Connection: <redacted>`. Only here, after the last middleware, is the real token put
    /// back, and only when the transport is the SDK's own ``WireTransport`` and the request goes
    /// to the session's own host; an app-supplied transport gets the request as the middlewares saw it.
    ///
    /// On the way back, the user's phone number is masked (as `500•••••04`) in the message of
    /// every answer, error answers included, before any middleware reads it or any failure is made
    /// from it: the generated OTP objects call the wire client directly, so this is the one step
    /// every call's answer passes.
    struct SessionGuard: HTTPTransport {
        private let transport: any HTTPTransport
        /// Whether `transport` is the SDK's own, which no app code can observe.
        private let sendsToken: Bool
        /// Where the session's requests go; the token is never sent anywhere else.
        private let home: URL?
        private let token = Locked<String?>(nil)
        /// The user's phone number, and how failure text shows it.
        private let gsm: (number: String, masked: String)

        init(transport: any HTTPTransport, home: URL?, gsm: String) {
            self.transport = transport
            self.home = home
            self.gsm = (gsm, Self.masked(gsm))
            sendsToken = transport is WireTransport
        }

        /// `gsm` as failure text shows it: the first three and last two digits.
        static func masked(_ gsm: String) -> String {
            String(gsm.prefix(3)) + String(repeating: "•", count: max(0, gsm.count - 5)) + String(gsm.suffix(2))
        }

        func send(_ request: TransportRequest) async throws(TransportFailure) -> TransportResponse {
            var request = request
            var sent: String?
            if sendsToken, goesHome(request.url), let token = token.withLock({ $0 }) {
                for index in request.headers.indices {
                    guard let prefix = Self.prefix(of: request.headers[index].name) else { continue }
                    request.headers[index].value = prefix + token
                    sent = token
                }
            }
            var response = try await transport.send(request)
            // A server that repeats the token (in an error's message, say) must not hand it to the
            // app's middlewares or failures, which only ever hold `<redacted>`.
            if let sent, let text = String(data: response.body, encoding: .utf8) {
                let hidden = Redaction.hiding([sent], in: text)
                if hidden != text { response.body = Data(hidden.utf8) }
            }
            if let session = Self.session, session.isIssuedBy(method: request.method, path: request.url.path),
                let (issued, body) = Self.takeToken(at: session.tokenPath, from: response.body)
            {
                token.withLock { $0 = issued }
                response.body = body
            }
            maskPhoneNumber(in: &response)
            return response
        }

        // MARK: - Private helpers

        /// The answer with the phone number masked in its message (`BKMExpress.envelope.messageField`).
        private func maskPhoneNumber(in response: inout TransportResponse) {
            let field = BKMExpress.envelope.messageField
            guard !gsm.number.isEmpty, response.body.range(of: Data(gsm.number.utf8)) != nil,
                var answer = (try? JSONSerialization.jsonObject(with: response.body)) as? [String: Any],
                let message = answer[field] as? String, message.contains(gsm.number)
            else { return }
            answer[field] = message.replacingOccurrences(of: gsm.number, with: gsm.masked)
            if let body = try? JSONSerialization.data(withJSONObject: answer) { response.body = body }
        }

        /// The session as the spec's `sessionToken` auth describes it: who issues it, where in the
        /// answer the token sits, and the header that carries it.
        private static let session = BKMExpress.wireSessions.first

        private static func prefix(of header: String) -> String? {
            guard let session, header.caseInsensitiveCompare(session.header) == .orderedSame else { return nil }
            return session.prefix
        }

        private func goesHome(_ url: URL) -> Bool {
            guard let home else { return false }
            return url.scheme?.lowercased() == home.scheme?.lowercased()
                && url.host?.lowercased() == home.host?.lowercased() && url.port == home.port
                && url.path.hasPrefix(home.path)
        }

        /// The token an answer issues at `path`, and the answer with `<redacted>` in its place.
        private static func takeToken(at path: [String], from body: Data) -> (String, Data)? {
            guard let last = path.last, body.range(of: Data(last.utf8)) != nil,
                let answer = try? JSONSerialization.jsonObject(with: body),
                let (issued, rewritten) = replacing(at: path[...], in: answer), issued != redacted,
                let data = try? JSONSerialization.data(withJSONObject: rewritten)
            else { return nil }
            return (issued, data)
        }

        /// The string at `path` in `value`, and `value` with `<redacted>` there instead.
        private static func replacing(at path: ArraySlice<String>, in value: Any) -> (String, Any)? {
            guard let key = path.first, var object = value as? [String: Any], let inner = object[key] else {
                return nil
            }
            if path.count == 1 {
                guard let token = inner as? String else { return nil }
                object[key] = redacted
                return (token, object)
            }
            guard let (token, replaced) = replacing(at: path.dropFirst(), in: inner) else { return nil }
            object[key] = replaced
            return (token, object)
        }
    }
}
