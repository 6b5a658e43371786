import Foundation
@_spi(Generated) import SpecsmithRuntime
import SpecsmithTesting
import Testing

@testable import SpecsmithMock

/// Redaction by pattern and by name, whatever the spec lists and however a client spells things.
@Suite struct RedactionPatternTests {
    @Test(arguments: [
        ("Authorization", true), ("proxy-authorization", true), ("Cookie", true), ("Set-Cookie", true),
        ("Api-Key", true), ("X-Api-Key", true), ("X-Merchant-Key", true), ("x-session-token", true),
        ("X-Access-Token", true), ("Refresh_Token", true), ("X-Client-Secret", true), ("X-Webhook-Secret", true),
        ("Content-Type", false), ("Idempotency-Key", false), ("X-Request-Id", false), ("Accept", false),
        ("X-Tokens-Left", false), ("X_KEY", true), ("Monkey", false), ("key", false), ("-Secret", true),
    ])
    func credentialHeadersAreRecognisedByName(name: String, isCredential: Bool) {
        #expect(Redaction.isCredentialHeader(name) == isCredential)
        let redacted = Redaction.redactedHeaders([(name, "value-1")], sensitive: [])
        #expect(redacted.first?.value == (isCredential ? "<redacted>" : "value-1"))
    }

    @Test(arguments: [
        ("4111111111111111", "<redacted>"),
        ("4111 1111 1111 1111", "<redacted>"),
        ("4111-1111-1111-1111", "<redacted>"),
        ("4111.1111.1111.1111", "<redacted>"),
        ("4111+1111+1111+1111", "<redacted>"),
        ("4111/1111/1111/1111", "<redacted>"),
        ("4111_1111_1111_1111", "<redacted>"),
        ("4111%201111%201111%201111", "<redacted>"),
        ("4111%2F1111%2f1111%2B1111", "<redacted>"),
        ("4111 - 1111 - 1111 - 1111", "<redacted>"),
        ("/cards/4111.1111.1111.1111/pay", "/cards/<redacted>/pay"),
        ("pan=4111+1111+1111+1111&x=1", "pan=<redacted>&x=1"),
        ("pan 4111 1111 1111 1111 ok", "pan <redacted> ok"),
        ("order 12345678901 of 2026-11-30", "order 12345678901 of 2026-11-30"),
        ("v1.2.3 at 10.0.0.1", "v1.2.3 at 10.0.0.1"),
        ("a%20b%2012", "a%20b%2012"),
        ("4111    1111 1111 1111", "4111    <redacted>"),
    ])
    func cardNumbersAreMaskedWhateverSeparatesTheirDigits(text: String, masked: String) {
        #expect(JournalRedactor.maskingDigits(in: text) == masked)
    }

    @Test(arguments: [
        (#"{"card": {"number": "x"}}"#, #"{"card":{"number":"<redacted>"}}"#),
        (#"{"Card": {"NUMBER": "x"}}"#, #"{"Card":{"NUMBER":"<redacted>"}}"#),
        (
            #"{"card": [{"number": "x"}, {"Number": "y", "brand": "visa"}]}"#,
            #"{"card":[{"number":"<redacted>"},{"brand":"visa","Number":"<redacted>"}]}"#
        ),
        (
            #"[{"card": {"number": "x"}}, {"card": {"number": "y"}}]"#,
            #"[{"card":{"number":"<redacted>"}},{"card":{"number":"<redacted>"}}]"#
        ),
        (#"{"items": [{"code": "1"}], "code": "2"}"#, #"{"code":"<redacted>","items":[{"code":"1"}]}"#),
    ])
    func sensitivePathsMatchWhateverTheCaseAndInsideArrays(body: String, redacted: String) {
        let paths = ["card.number", "code"]
        #expect(Redaction.redactedText(of: Data(body.utf8), paths: paths) == redacted)
    }

    @Test func namesAnywhereReachEveryDepth() {
        let body = #"{"a": [{"b": {"CVC": "737"}}], "cvc": "1", "x": "cvc"}"#
        #expect(
            Redaction.redactedText(of: Data(body.utf8), paths: [], namesAnywhere: ["cvc"])
                == #"{"a":[{"b":{"CVC":"<redacted>"}}],"cvc":"<redacted>","x":"cvc"}"#)
    }

    @Test func aRefusedBodyLosesItsSensitiveFieldsWhereverTheyAre() async throws {
        let service = MockService(router: ServerFixture().router)
        let secret = "s3cr3t-value"
        let bodies = [
            #"{"text": 5, "SECRET": "\#(secret)"}"#,
            #"{"text": 5, "nested": [{"Secret": "\#(secret)"}]}"#,
            #"{"nested": {"secret": "\#(secret)"}}"#,
        ]
        let responder: MockHTTPServer.Responder = { await service.respond(to: $0) }
        try await withMockServer(responder: responder) { server in
            for body in bodies {
                let connection = try RawConnection(port: server.port)
                connection.send(
                    "POST /echo HTTP/1.1\r\nHost: t\r\nX-Client-Secret: \(secret)\r\nX-Shop-Token: \(secret)\r\n"
                        + "Content-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)")
                #expect(try #require(await connection.readResponse()).status == 400)
            }
        }
        let journal = String(decoding: try WireCoding.encode(service.journal), as: UTF8.self)
        #expect(service.journal.count == bodies.count)
        #expect(!journal.contains(secret))
        #expect(service.journal.allSatisfy { $0.headers["x-client-secret"] == "<redacted>" })
        #expect(service.journal.allSatisfy { $0.headers["x-shop-token"] == "<redacted>" })
    }

    @Test func cardNumbersInHeaderValuesAndQueryNamesAreMasked() {
        let redactor = JournalRedactor(router: ServerFixture().router, bodyLimit: 1024)
        let request = MockRequest(
            method: "GET", path: "/items/a", query: ["4111.1111.1111.1111": "x"],
            headers: ["X-Note": "card 4111 1111 1111 1111"])
        let entry = redactor.entry(for: request, operation: nil, status: 200)
        #expect(entry.headers == ["x-note": "card <redacted>"])
        #expect(entry.query == ["<redacted>": "<redacted>"])
    }
}
