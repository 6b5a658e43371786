// Hand-written: keeps the session token away from app code. The spec says which header carries it
// and which answer issues it; only the SDK can decide that the app's middlewares and transports
// must never hold it, so the swap sits here, at the last step before the wire.
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
    struct SessionTokenVault: HTTPTransport {
        private let transport: any HTTPTransport
        /// Whether `transport` is the SDK's own, which no app code can observe.
        private let sendsToken: Bool
        /// Where the session's requests go; the token is never sent anywhere else.
        private let home: URL?
        private let token = Locked<String?>(nil)

        init(transport: any HTTPTransport, home: URL?) {
            self.transport = transport
            self.home = home
            sendsToken = transport is WireTransport
        }

        func send(_ request: TransportRequest) async throws(TransportFailure) -> TransportResponse {
            var request = request
            if sendsToken, goesHome(request.url), let token = token.withLock({ $0 }) {
                for index in request.headers.indices {
                    guard let prefix = Self.prefix(of: request.headers[index].name) else { continue }
                    request.headers[index].value = prefix + token
                }
            }
            var response = try await transport.send(request)
            if let (issued, body) = Self.takeToken(from: response.body) {
                token.withLock { $0 = issued }
                response.body = body
            }
            return response
        }

        // MARK: - Private helpers

        /// The session header's name and value prefix, as the spec gives them.
        private static let sessionHeader: (name: String, prefix: String)? = {
            for case let .session(header, prefix) in Operations.checkStatus.auth { return (header, prefix) }
            return nil
        }()

        /// Where the issued token sits in an answer (`data.connectionToken`), as the spec marks it.
        private static let tokenPath =
            Operations.initialize.sensitiveResponseFields.first?
            .split(separator: ".").map(String.init) ?? []

        private static func prefix(of header: String) -> String? {
            guard let session = sessionHeader, header.caseInsensitiveCompare(session.name) == .orderedSame else {
                return nil
            }
            return session.prefix
        }

        private func goesHome(_ url: URL) -> Bool {
            guard let home else { return false }
            return url.scheme?.lowercased() == home.scheme?.lowercased()
                && url.host?.lowercased() == home.host?.lowercased() && url.port == home.port
                && url.path.hasPrefix(home.path)
        }

        /// The token an answer issues, and the answer with `<redacted>` in its place.
        private static func takeToken(from body: Data) -> (String, Data)? {
            guard let (outer, inner) = tokenPath.count == 2 ? (tokenPath[0], tokenPath[1]) : nil,
                body.range(of: Data(inner.utf8)) != nil,
                var answer = (try? JSONSerialization.jsonObject(with: body)) as? [String: Any],
                var data = answer[outer] as? [String: Any], let issued = data[inner] as? String, issued != redacted
            else { return nil }
            data[inner] = redacted
            answer[outer] = data
            guard let rewritten = try? JSONSerialization.data(withJSONObject: answer) else { return nil }
            return (issued, rewritten)
        }
    }
}
