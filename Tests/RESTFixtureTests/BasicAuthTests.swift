import Foundation
import LedgerKit
import LedgerKitMock
import SpecsmithMock
@_spi(Generated) import SpecsmithRuntime
import SpecsmithTesting
import Testing

/// HTTP Basic as Twilio or Mailgun take it (the ledger's `account` scheme): the app gives the
/// client an account id and its secret, the client sends them in `Authorization`, the generated
/// mock refuses a request without them before its handler runs, and neither part is ever shown.
@Suite struct BasicAuthTests {
    static let account = try! BasicCredentials(username: LedgerSimulator.accountID, password: LedgerSimulator.secretKey)

    func withLedger(
        account: BasicCredentials? = Self.account, middlewares: [any TransportMiddleware] = [],
        _ body: (Ledger.Client, MockService, UInt16) async throws -> Void
    ) async throws {
        let service = MockService(router: LedgerSimulator().router)
        try await withMockService(service) { url in
            let client = Ledger.Client(
                environment: .custom(url), appKey: LedgerSimulator.secretKey, account: account, timeout: 60,
                middlewares: middlewares)
            try await body(client, service, UInt16(url.port ?? 0))
        }
    }

    @Test func theClientSendsTheAccountAsBasicAndTheHandlerReadsIt() async throws {
        try await withLedger { client, service, _ in
            let balance = try await client.balance().responseBody
            #expect(balance == Ledger.Balance(available: 125_000, currency: try .init(validating: "EUR")))
            let sent = try #require(service.journal.last { $0.operation == "balance" })
            // The journal shows the credential redacted, never the base64 of id and secret.
            let redacted = sent.headers["authorization"] == "<redacted>"
            #expect(redacted)
            #expect(sent.headers["x-api-key"] == nil)
        }
    }

    @Test func theWireCarriesBase64OfUserIdColonPasswordInUTF8() throws {
        let credentials = try BasicCredentials(username: "Aladdin", password: "open sesame")
        // RFC 7617 §2's own example.
        #expect(credentials.encoded == "QWxhZGRpbjpvcGVuIHNlc2FtZQ==")
        let accented = try BasicCredentials(username: "test", password: "123£")
        #expect(accented.encoded == "dGVzdDoxMjPCow==")
        #expect(BasicCredentials(encoded: accented.encoded) == accented)
        // A password may hold colons: only the first one ends the user-id.
        let colons = try BasicCredentials(username: "sk_live", password: "a:b:c")
        #expect(BasicCredentials(encoded: colons.encoded) == colons)
        #expect(BasicCredentials(encoded: "not base64!") == nil)
        #expect(BasicCredentials(encoded: Data("no colon".utf8).base64EncodedString()) == nil)
    }

    /// RFC 7617 §2.1: with `charset="UTF-8"`, what is sent is in Normalization Form C.
    @Test func bothPartsAreSentInNormalizationFormC() throws {
        let decomposed = try BasicCredentials(username: "jose\u{301}", password: "cafe\u{301}")
        let composed = try BasicCredentials(username: "jos\u{E9}", password: "caf\u{E9}")
        #expect(decomposed.encoded == composed.encoded && decomposed == composed)
    }

    /// A key sent as the user-id with a placeholder password (`apikey:X`) is the secret to hide.
    @Test func aKeyInTheUserIdIsHiddenWhereAServerRepeatsIt() throws {
        let key = "fd_live_key_71"
        let basic = "Basic " + (try BasicCredentials(username: key, password: "X")).encoded
        let request = TransportRequest(
            method: .get, url: URL(string: "http://127.0.0.1:9/tickets")!, headers: [("Authorization", basic)])
        let values = Redaction.sensitiveValues(of: request, paths: [], sensitiveHeaders: [])
        let shown = Redaction.hiding(values, in: "the key \(key) has no access").contains(key)
        #expect(!shown)
    }

    @Test func aUserIdWithAColonOrAControlCharacterIsATypedErrorThatQuotesNothing() {
        #expect(throws: ValueRuleFailure.self) { try BasicCredentials(username: "acct:1", password: "s3cr3t-value") }
        do {
            _ = try BasicCredentials(username: "acct", password: "s3cr3t\nvalue")
            Issue.record("a control character was accepted")
        } catch {
            #expect(error.type == "BasicCredentials" && error.value == nil)
            let quoted = error.description.contains("s3cr3t")
            #expect(!quoted)
        }
    }

    @Test func neitherPartIsEverPrinted() {
        let credentials = Self.account
        var dumped = ""
        dump(credentials, to: &dumped)
        for text in [credentials.description, String(reflecting: credentials), "\(credentials)", dumped] {
            // Booleans first: a failing expectation prints its operands, which would show them.
            let shown = [LedgerSimulator.accountID, LedgerSimulator.secretKey, credentials.encoded].contains {
                text.contains($0)
            }
            #expect(!shown)
        }
        #expect(credentials.description == "BasicCredentials(<redacted>)")
    }

    @Test func theLogShowsNeitherTheIdNorTheSecret() async throws {
        let lines = Locked<[String]>([])
        let logger = LoggingMiddleware(log: { line in lines.withLock { $0.append(line) } })
        try await withLedger(middlewares: [logger]) { client, _, _ in
            _ = try await client.balance()
        }
        let log = lines.withLock { $0.joined(separator: "\n") }
        #expect(log.contains("GET") && log.contains("/balance"))
        let leaked = log.contains(Self.account.encoded) || log.contains(LedgerSimulator.secretKey)
        #expect(!leaked)
    }

    @Test func aClientWithoutTheAccountFailsBeforeSending() async throws {
        try await withLedger(account: nil) { client, service, _ in
            do {
                _ = try await client.balance()
                Issue.record("a call without its credentials was sent")
            } catch let error as Ledger.Failure {
                #expect(error.kind == .invalidRequest)
            }
            #expect(service.journal.allSatisfy { $0.operation != "balance" })
        }
    }

    /// A server that repeats the secret it was sent, as typed: the failure shows `<redacted>`.
    @Test func aSecretTheServerRepeatsIsHiddenInTheFailure() async throws {
        let secret = "sk_test_echoed_42"
        let responder: MockHTTPServer.Responder = { _ in
            MockResponse(
                status: 403, headers: ["content-type": "application/problem+json"],
                body: Data(#"{"title": "Forbidden", "status": 403, "detail": "key sk_test_echoed_42 is revoked"}"#.utf8)
            )
        }
        try await withMockServer(responder: responder) { server in
            let client = Ledger.Client(
                environment: .custom(server.baseURL), account: try BasicCredentials(username: secret, password: ""))
            do {
                _ = try await client.balance()
                Issue.record("a refused call succeeded")
            } catch let error as Ledger.Failure {
                let hidden = error.message.contains("<redacted>")
                let leaked = error.message.contains(secret) || error.detail.contains(secret)
                #expect(hidden && !leaked)
            }
        }
    }

    @Test func aWrongSecretIsTheHandlersDeclared401AsASessionFailure() async throws {
        let wrong = try BasicCredentials(username: LedgerSimulator.accountID, password: "sk_test_wrong")
        try await withLedger(account: wrong) { client, _, _ in
            do {
                _ = try await client.balance()
                Issue.record("a wrong secret was accepted")
            } catch let error as Ledger.Failure {
                #expect(error.kind == .session && error.status == 401)
                let leaked = error.detail.contains("sk_test_wrong") || error.detail.contains(wrong.encoded)
                #expect(!leaked)
            }
        }
    }

    /// Over a raw connection: what a client of another language meets.
    @Test func theMockRefusesAMissingOrMalformedBasicWithARealmBeforeTheHandlerRuns() async throws {
        try await withLedger { _, service, port in
            let bearer = ["Authorization": "Bearer \(LedgerSimulator.secretKey)"]
            let notBase64 = ["Authorization": "Basic not-base64!"]
            let noColon = ["Authorization": "Basic " + Data("acct_fixture".utf8).base64EncodedString()]
            for headers in [[:], bearer, notBase64, noColon] {
                let refused = try await Self.exchange("GET", "/balance", headers: headers, port: port)
                #expect(refused.status == 401)
                #expect(refused.headers["www-authenticate"] == #"Basic realm="api", charset="UTF-8""#)
                let problem = try WireCoding.decoder().decode(Ledger.Problem.self, from: refused.body)
                #expect(problem.status == 401)
            }
            // The scheme's name is case-insensitive (RFC 9110 §11.1).
            let lower = ["Authorization": "basic " + Self.account.encoded]
            #expect(try await Self.exchange("GET", "/balance", headers: lower, port: port).status == 200)
            #expect(service.journal.filter { $0.operation == "balance" }.count == 5)
        }
    }

    /// A server that asks for HTTP credentials the client did not send right: on Linux,
    /// FoundationNetworking's default handling would wait for them forever.
    @Test(.timeLimit(.minutes(1))) func aBasicChallengeIsAnAnswerNotAHang() async throws {
        let responder: MockHTTPServer.Responder = { _ in
            MockResponse(
                status: 401, headers: ["www-authenticate": #"Basic realm="api""#, "content-type": "application/json"],
                body: Data(#"{"detail": "Authenticate"}"#.utf8))
        }
        try await withMockServer(responder: responder) { server in
            let request = TransportRequest(method: .get, url: server.baseURL.appendingPathComponent("balance"))
            let answer = try await URLSessionHTTPTransport().send(request)
            #expect(answer.status == 401 && answer.headers["www-authenticate"] == #"Basic realm="api""#)
        }
        // The generated client, against the generated mock's own refusal of a malformed credential.
        let malformed = HeaderRewrite(
            name: "Authorization", value: "Basic " + Data("no-colon".utf8).base64EncodedString())
        try await withLedger(middlewares: [malformed]) { client, _, _ in
            do {
                _ = try await client.balance()
                Issue.record("a malformed credential was accepted")
            } catch let error as Ledger.Failure {
                #expect(error.kind == .session && error.status == 401)
            }
        }
    }

    /// Sets one header on every request, as a buggy signing middleware might.
    struct HeaderRewrite: TransportMiddleware {
        let name: String
        let value: String

        func intercept(
            _ request: TransportRequest, operation: WireOperation,
            next: @Sendable (TransportRequest) async throws(TransportFailure) -> TransportResponse
        ) async throws(TransportFailure) -> TransportResponse {
            var request = request
            request.headers.removeAll { $0.name.lowercased() == name.lowercased() }
            request.headers.append((name: name, value: value))
            return try await next(request)
        }
    }

    static func exchange(_ method: String, _ path: String, headers: [String: String], port: UInt16) async throws
        -> RawConnection.Response
    {
        let connection = try RawConnection(port: port)
        var head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n"
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) { head += "\(name): \(value)\r\n" }
        #expect(connection.send(head + "\r\n"))
        return try #require(await connection.readResponse())
    }
}
