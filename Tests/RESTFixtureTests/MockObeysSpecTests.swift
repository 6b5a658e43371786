import Foundation
import IssueTrackerKit
import IssueTrackerKitMock
import LedgerKit
import LedgerKitMock
import SpecsmithMock
@_spi(Generated) import SpecsmithRuntime
import SpecsmithTesting
import Testing

/// What the mock answers by itself follows the spec, as a stranger meets it over loopback: a
/// guarded call without its credential is refused with the declared error, every refusal of the
/// mock's own is a body of the declared error type, an optional body may be left out, and every
/// status line carries its reason phrase.
@Suite struct MockObeysSpecTests {
    static let key = ["X-API-Key": LedgerSimulator.secretKey]

    func withLedger(_ body: (UInt16, MockService, LedgerSimulator) async throws -> Void) async throws {
        let handler = LedgerSimulator()
        let service = MockService(router: handler.router)
        try await withMockService(service) { url in try await body(UInt16(url.port ?? 0), service, handler) }
    }

    /// One raw HTTP/1.1 exchange, so the test sees exactly what went over the wire.
    func exchange(
        _ method: String, _ path: String, headers: [String: String] = [:], body: String? = nil, port: UInt16
    ) async throws -> RawConnection.Response {
        let connection = try RawConnection(port: port)
        var head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n"
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) { head += "\(name): \(value)\r\n" }
        if let body {
            if !headers.keys.contains(where: { $0.lowercased() == "content-type" }) {
                head += "Content-Type: application/json\r\n"
            }
            head += "Content-Length: \(body.utf8.count)\r\n"
        }
        #expect(connection.send(head + "\r\n" + (body ?? "")))
        return try #require(await connection.readResponse())
    }

    func problem(_ response: RawConnection.Response) throws -> Ledger.Problem {
        try WireCoding.decoder().decode(Ledger.Problem.self, from: response.body)
    }

    @Test func aGuardedCallWithoutItsKeyIsTheDeclared401AndTheHandlerNeverRuns() async throws {
        try await withLedger { port, _, handler in
            let body = #"{"amount": 100, "currency": "EUR", "card_token": "tok_visa"}"#
            let refused = try await exchange("POST", "/payments", body: body, port: port)
            #expect(refused.status == 401 && refused.reason == "Unauthorized")
            #expect(refused.headers["www-authenticate"] == #"ApiKey header="X-API-Key""#)
            let problem = try problem(refused)
            #expect(problem.title == "Unauthorized" && problem.status == 401)
            #expect(problem.detail == "The API key is missing or wrong.")
            #expect(handler.charges == 0)
            // The key in the query is enforced the same way; an empty one is no key.
            #expect(try await exchange("GET", "/payments/pay_1", port: port).status == 401)
            #expect(try await exchange("GET", "/payments/pay_1?key=", port: port).status == 401)
        }
    }

    @Test func theMocksOwnRefusalsAreProblemsWithTheDeclaredStatusTitleAndDetail() async throws {
        try await withLedger { port, _, _ in
            let missing = try await exchange("GET", "/nowhere", headers: Self.key, port: port)
            #expect(missing.status == 404 && missing.reason == "Not Found")
            #expect(
                try problem(missing) == Ledger.Problem(title: "Not Found", status: 404, detail: "no route for /nowhere")
            )
            let wrongMethod = try await exchange("PUT", "/payments", headers: Self.key, port: port)
            #expect(wrongMethod.status == 405 && wrongMethod.headers["allow"] == "POST, GET")
            #expect(try problem(wrongMethod).title == "Method Not Allowed")
            let invalid = try await exchange(
                "POST", "/payments", headers: Self.key, body: #"{"amount": "ten", "currency": "EUR"}"#, port: port)
            #expect(invalid.status == 400 && invalid.reason == "Bad Request")
            let detail = try #require(try problem(invalid).detail)
            #expect(detail.contains("amount") && detail.contains("card_token: missing required field"))
        }
    }

    @Test func theClientReadsTheMocksOwnRefusalAsTheTypedDeclaredError() async throws {
        try await withLedger { port, _, _ in
            let url = try #require(URL(string: "http://127.0.0.1:\(port)"))
            // No publishable key: the lookup that needs one is refused before its handler.
            let client = Ledger.Client(environment: .custom(url), appKey: LedgerSimulator.secretKey, publishableKey: "")
            do throws(Ledger.Failure) {
                _ = try await client.payment(id: "pay_1")
                Issue.record("a lookup without its key was answered")
            } catch {
                #expect(error.code == .unauthenticated && error.status == 401)
                #expect(error.payload?.title == "Unauthorized")
            }
        }
    }

    @Test func aBodyInAnotherMediaTypeIs415AndAnAcceptWithoutJSONIs406() async throws {
        try await withLedger { port, _, handler in
            let body = #"{"amount": 100, "currency": "EUR", "card_token": "tok_visa"}"#
            let form = ["Content-Type": "application/x-www-form-urlencoded"].merging(Self.key) { $1 }
            let refused = try await exchange("POST", "/payments", headers: form, body: body, port: port)
            #expect(refused.status == 415 && refused.reason == "Unsupported Media Type")
            let problem = try problem(refused)
            #expect(problem.title == "Unsupported Media Type" && problem.status == 415)
            #expect(problem.detail?.contains("Content-Type: application/json") == true)
            #expect(handler.charges == 0)
            // Parameters, letter case and a +json suffix are still JSON.
            for type in ["Application/JSON; charset=utf-8", "application/merge-patch+json"] {
                let headers = ["Content-Type": type].merging(Self.key) { $1 }
                #expect(try await exchange("POST", "/payments", headers: headers, body: body, port: port).status == 201)
            }
            for (accept, status) in [
                ("application/xml", 406), ("*/*, application/json;q=0", 406), ("text/html, application/*;q=0.5", 200),
                ("application/json;q=0.1", 200), ("", 200),
            ] {
                let headers = ["Accept": accept].merging(Self.key) { $1 }
                let answer = try await exchange("GET", "/payments", headers: headers, port: port)
                #expect(answer.status == status, "Accept: \(accept)")
                if status == 406 { #expect(try self.problem(answer).title == "Not Acceptable") }
            }
        }
    }

    @Test func anInjectedFaultWithoutACodeIsTheErrorDeclaredForItsStatus() async throws {
        try await withLedger { port, service, _ in
            try service.inject(
                MockFault(operation: "listPayments", kind: .error, status: 429, message: "slow down", times: 1))
            let limited = try await exchange("GET", "/payments", headers: Self.key, port: port)
            #expect(limited.status == 429 && limited.reason == "Too Many Requests")
            #expect(
                try problem(limited) == Ledger.Problem(title: "Too Many Requests", status: 429, detail: "slow down"))
            // A fault can carry the whole typed payload instead.
            let payload: JSONValue = ["title": "Card declined", "status": 402, "detail": "Insufficient funds."]
            try service.inject(MockFault(operation: "listPayments", kind: .error, status: 402, body: payload, times: 1))
            let declined = try await exchange("GET", "/payments", headers: Self.key, port: port)
            #expect(declined.status == 402 && declined.reason == "Payment Required")
            #expect(try problem(declined).detail == "Insufficient funds.")
        }
    }

    /// A `unixSeconds` field is a JSON number in the mock's answer, and a query date that is not
    /// whole seconds is refused before the handler, in the declared shape.
    @Test func aUnixTimeIsANumberOnTheWireAndTextInItsPlaceIsRefused() async throws {
        try await withLedger { port, _, _ in
            let created = #"{"amount": 700, "currency": "EUR", "card_token": "tok_visa"}"#
            let answer = try await exchange("POST", "/payments", headers: Self.key, body: created, port: port)
            #expect(String(decoding: answer.body, as: UTF8.self).contains(#""created":1764579600"#))
            let refused = try await exchange(
                "GET", "/payments?created%5Bgt%5D=yesterday", headers: Self.key, port: port)
            #expect(refused.status == 400)
            #expect(try problem(refused).detail?.contains("created[gt]") == true)
        }
    }

    /// A form endpoint takes a form as Stripe's docs write one (indexed or bracketed), lists every
    /// problem of a bad one, and refuses JSON with 415 as the spec says.
    @Test func aFormEndpointReadsFormsAndRefusesJSON() async throws {
        try await withLedger { port, _, _ in
            let form = ["Content-Type": "application/x-www-form-urlencoded"].merging(Self.key) { $1 }
            let body =
                "email=a%40b.co&preferred_locales%5B0%5D=de&preferred_locales%5B1%5D=it&balance=7&address%5Bline1%5D=x"
            let made = try await exchange("POST", "/customers", headers: form, body: body, port: port)
            #expect(made.status == 200, "\(String(decoding: made.body, as: UTF8.self))")
            let customer = try WireCoding.decode(Ledger.Customer.self, from: made.body)
            #expect(
                customer.preferredLocales == ["de", "it"] && customer.balance == 7 && customer.address?.line1 == "x")
            let bad = try await exchange(
                "POST", "/customers", headers: form, body: "balance=lots&tax_exempt=maybe", port: port)
            #expect(bad.status == 400)
            let detail = try problem(bad).detail ?? ""
            #expect(
                detail.contains("email") && detail.contains("balance") && detail.contains("tax_exempt"), "\(detail)")
            let json = try await exchange(
                "POST", "/customers", headers: Self.key, body: #"{"email": "a@b.co"}"#, port: port)
            #expect(json.status == 415)
        }
    }

    @Test func anOptionalBodyMayBeLeftOutByTheClientAndTheMock() async throws {
        try await withLedger { port, service, _ in
            let created = #"{"amount": 700, "currency": "EUR", "card_token": "tok_visa"}"#
            #expect(try await exchange("POST", "/payments", headers: Self.key, body: created, port: port).status == 201)
            let empty = try await exchange("POST", "/payments/pay_1/refunds", headers: Self.key, port: port)
            #expect(empty.status == 202)
            let url = try #require(URL(string: "http://127.0.0.1:\(port)"))
            let client = Ledger.Client(environment: .custom(url), appKey: LedgerSimulator.secretKey, publishableKey: "")
            let refund = try await client.refundPayment(id: "pay_1")
            #expect(refund.amount.rawValue == 700)
            let sent = try #require(service.journal.last { $0.operation == "refundPayment" })
            #expect(sent.body.isEmpty && sent.status == 202)
        }
    }

    @Test func aBodyOverTheLimitIsRefusedInTheDeclaredShape() async throws {
        let handler = LedgerSimulator()
        let (server, _, _) = try await MockHTTPServer.serving(.init(port: 0, maxBodyBytes: 64)) { _ in
            (MockService(router: handler.router), ())
        }
        let big = #"{"amount": 1, "currency": "EUR", "card_token": "\#(String(repeating: "x", count: 200))"}"#
        let response = try await exchange("POST", "/payments", headers: Self.key, body: big, port: server.port)
        await server.stop()
        #expect(response.status == 413 && response.reason == "Content Too Large")
        #expect(try problem(response).title == "Content Too Large")
    }

    @Test func aBodyTypeWithOnlyAMessageCarriesTheMocksMessage() async throws {
        let service = MockService(router: TrackerHandler().router)
        try await withMockService(service) { url in
            let port = UInt16(url.port ?? 0)
            let missing = try await exchange("GET", "/nowhere", port: port)
            #expect(missing.status == 404)
            let error = try WireCoding.decoder().decode(IssueTracker.APIError.self, from: missing.body)
            #expect(error.message == "no route for /nowhere")
        }
    }

    @Test func aKeyReplaysTheSameJSONSpelledAnotherWayAndIsAConflictElsewhere() async throws {
        try await withLedger { port, _, handler in
            let first = try await exchange(
                "POST", "/payments", headers: Self.key.merging(["Idempotency-Key": "order-6735"]) { $1 },
                body: #"{"amount": 700, "currency": "EUR", "card_token": "tok_visa"}"#, port: port)
            #expect(first.status == 201 && first.headers["idempotent-replayed"] == nil)
            let reordered = try await exchange(
                "POST", "/payments", headers: Self.key.merging(["Idempotency-Key": "order-6735"]) { $1 },
                body: "{ \"card_token\":\"tok_visa\",\n  \"currency\": \"EUR\", \"amount\":700 }", port: port)
            #expect(reordered.status == 201 && reordered.body == first.body)
            #expect(reordered.headers["idempotent-replayed"] == "true")
            #expect(handler.charges == 1)
            // The key names that one request across the service: on another operation it conflicts.
            let elsewhere = try await exchange(
                "POST", "/payments/pay_1/refunds", headers: Self.key.merging(["Idempotency-Key": "order-6735"]) { $1 },
                port: port)
            #expect(elsewhere.status == 422 && elsewhere.reason == "Unprocessable Content")
            let conflict = try problem(elsewhere)
            #expect(conflict.title == "Unprocessable Content" && conflict.status == 422)
            #expect(conflict.detail?.contains("Idempotency-Key was used before with a different request") == true)
        }
    }
}
