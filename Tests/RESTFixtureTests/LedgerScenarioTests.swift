import Foundation
import LedgerKit
import LedgerKitMock
import SpecsmithMock
@_spi(Generated) import SpecsmithRuntime
import SpecsmithTesting
import Testing

/// A payments API of another style than the issue tracker: RFC 9457 problems, cursors, idempotency
/// keys on every POST, a key in a header and one in the query. Its client against its mock over
/// loopback, then documented problem bodies through a transport double.
@Suite struct LedgerScenarioTests {
    func withLedger(_ body: (Ledger.Client, MockService, LedgerSimulator) async throws -> Void) async throws {
        let handler = LedgerSimulator()
        let service = MockService(router: handler.router)
        try await withMockService(service) { url in
            let client = Ledger.Client(
                environment: .custom(url), appKey: LedgerSimulator.secretKey,
                publishableKey: LedgerSimulator.publishableKey, timeout: 60,
                retry: RetryPolicy(baseDelay: 0, jitter: { $0 }))
            try await body(client, service, handler)
        }
    }

    static func newPayment(_ amount: Int, token: String = "tok_visa") throws -> Ledger.NewPayment {
        Ledger.NewPayment(
            amount: try .init(validating: amount), currency: try .init(validating: "EUR"), cardToken: token,
            summary: "Order \(amount)", metadata: ["order": .integer(Int64(amount))])
    }

    @Test func aLostAnswerIsRetriedWithItsKeyAndChargesOnce() async throws {
        try await withLedger { client, service, handler in
            try service.inject(MockFault(operation: "createPayment", kind: .lostAnswer, times: 1))
            let payment = try await client.createPayment(Self.newPayment(1200))
            #expect(payment.status == .succeeded && payment.amount.rawValue == 1200)
            #expect(handler.charges == 1)
            let attempts = service.journal.filter { $0.operation == "createPayment" }
            #expect(
                attempts.count == 2 && attempts[0].headers["idempotency-key"] == attempts[1].headers["idempotency-key"])
            // The card token is sensitive: never in the journal.
            #expect(attempts.allSatisfy { !$0.body.contains("tok_visa") })
        }
    }

    /// An order id as the key: a second client (the app after a restart) repeating the call gets
    /// the first payment, the same key goes out on every retry, and an empty key is refused.
    @Test func theCallerChoosesTheIdempotencyKeyAndARestartedClientGetsTheFirstPayment() async throws {
        let handler = LedgerSimulator()
        let service = MockService(router: handler.router)
        try await withMockService(service) { url in
            let client = {
                Ledger.Client(
                    environment: .custom(url), appKey: LedgerSimulator.secretKey,
                    publishableKey: LedgerSimulator.publishableKey, retry: RetryPolicy(baseDelay: 0, jitter: { $0 }))
            }
            let app = client()
            try service.inject(MockFault(operation: "createPayment", kind: .lostAnswer, times: 1))
            let first = try await app.createPayment(Self.newPayment(6735), idempotencyKey: "order-6735")
            let attempts = service.journal.filter { $0.operation == "createPayment" }
            #expect(attempts.count == 2 && attempts.allSatisfy { $0.headers["idempotency-key"] == "order-6735" })
            let again = try await client().createPayment(Self.newPayment(6735), idempotencyKey: "order-6735")
            #expect(again.id == first.id && handler.charges == 1)
            // Without a key of the caller's, each call is a new payment.
            _ = try await app.createPayment(Self.newPayment(6735))
            #expect(handler.charges == 2)
            let small = try Self.newPayment(1)
            do throws(Ledger.Failure) {
                _ = try await app.createPayment(small, idempotencyKey: " ")
                Issue.record("an empty key was sent")
            } catch {
                #expect(error.kind == .invalidRequest && handler.charges == 2)
            }
        }
    }

    @Test func paymentsAreListedAcrossCursorPagesAndLookedUpWithTheQueryKey() async throws {
        try await withLedger { client, service, _ in
            for amount in 1...5 { _ = try await client.createPayment(Self.newPayment(amount * 100)) }
            var pages = 0
            var amounts: [Int] = []
            for try await page in client.listPaymentsPages(limit: 2) {
                pages += 1
                amounts += page.data.map(\.amount.rawValue)
            }
            #expect(pages == 3 && amounts == [500, 400, 300, 200, 100])
            // Stripe's paging: each page starts after the last item's id, while has_more says so.
            let second = try await client.listPayments(startingAfter: "pay_4", limit: 2)
            #expect(second.data.map(\.id) == ["pay_3", "pay_2"] && second.hasMore)
            let last = try await client.listPayments(startingAfter: "pay_2", limit: 2)
            #expect(last.data.map(\.id) == ["pay_1"] && !last.hasMore)
            do throws(Ledger.Failure) {
                _ = try await client.listPayments(startingAfter: "pay_nope")
                Issue.record("a cursor no payment has was taken")
            } catch {
                #expect(error.status == 400)
            }
            let found = try await client.payment(id: "pay_3")
            #expect(found.description == "Order 300" && found.metadata == ["order": 300])
            let lookup = try #require(service.journal.last { $0.operation == "payment" })
            #expect(lookup.query["key"] == "<redacted>" && lookup.headers["x-api-key"] == nil)
        }
    }

    /// Stripe's times are whole seconds since 1970: `created` is a number on the wire, a `Date` in
    /// Swift, and a date filter in the query travels as seconds too.
    @Test func unixTimesAreNumbersOnTheWireAndDatesInSwift() async throws {
        try await withLedger { client, service, _ in
            var made: [Ledger.Payment] = []
            for amount in [100, 200, 300] {
                made.append(try await client.createPayment(Self.newPayment(amount)).responseBody)
            }
            #expect(made.map(\.createdAt.timeIntervalSince1970) == [1_764_579_600, 1_764_579_660, 1_764_579_720])
            let later = try await client.listPayments(createdAfter: made[0].createdAt)
            #expect(later.data.map(\.id) == [made[2].id, made[1].id])
            let query = service.journal.last { $0.operation == "listPayments" }?.query
            // The journal keeps the query's names, never its values.
            #expect(query?.keys.contains("created[gt]") == true)
            // The API version the spec pins goes on every call, declared once for the service.
            #expect(service.journal.allSatisfy { $0.headers["stripe-version"] == "2024-06-20" })
            // A fraction of a second is dropped on the way out, as the API counts whole seconds.
            let same = try await client.listPayments(createdAfter: made[0].createdAt.addingTimeInterval(0.9))
            #expect(same.data.count == 2)
        }
    }

    /// Stripe's form bodies: the client writes brackets for maps, objects and lists and an empty
    /// value for null; the mock reads them back by the request's schema, numbers and booleans
    /// included, and the answer is the customer as sent.
    @Test func aFormEncodedBodyTravelsWithBracketsAndReadsBackTyped() async throws {
        let handler = LedgerSimulator()
        let service = MockService(router: handler.router)
        let sent = Recorder<[Data]>([])
        try await withMockService(service) { url in
            let client = Ledger.Client(
                environment: .custom(url), appKey: LedgerSimulator.secretKey, middlewares: [BodyTap(bodies: sent)])
            let customer = try await client.createCustomer(
                Ledger.NewCustomer(
                    email: "jenny rosen@example.com", name: .null, metadata: ["order_id": "6735", "note": "a&b=c"],
                    preferredLocales: ["en", "fr"], balance: -250, taxExempt: true,
                    address: Ledger.Address(line1: "1 Main St")))
            #expect(customer.email == "jenny rosen@example.com" && customer.name == nil)
            #expect(customer.metadata == ["order_id": "6735", "note": "a&b=c"])
            #expect(customer.preferredLocales == ["en", "fr"] && customer.balance == -250 && customer.taxExempt)
            #expect(customer.address?.line1 == "1 Main St")
            let entry = try #require(service.journal.last { $0.operation == "createCustomer" })
            #expect(entry.headers["content-type"] == "application/x-www-form-urlencoded")
            #expect(
                sent.value.map { String(decoding: $0, as: UTF8.self) }
                    == [
                        "address[line1]=1+Main+St&balance=-250&email=jenny+rosen%40example.com&metadata[note]=a%26b%3Dc"
                            + "&metadata[order_id]=6735&name=&preferred_locales[]=en&preferred_locales[]=fr&tax_exempt=true"
                    ])
        }
    }

    /// Records each request body the client sends.
    struct BodyTap: TransportMiddleware {
        let bodies: Recorder<[Data]>

        func intercept(
            _ request: TransportRequest, operation: WireOperation,
            next: @Sendable (TransportRequest) async throws(TransportFailure) -> TransportResponse
        ) async throws(TransportFailure) -> TransportResponse {
            bodies.update { $0.append(request.body ?? Data()) }
            return try await next(request)
        }
    }

    /// An error the spec marks `retryable` repeats a repeatable call as a 503 would: the ledger's
    /// 409 (the key's first request still in progress) is repeated with the same key; a decline,
    /// which is not retryable, is not; and the server's `false` still wins over the spec.
    @Test func aRetryableErrorRepeatsTheCallAndOthersDoNot() async throws {
        let transport = ScriptedTransport()
        let conflict = Data(#"{"title": "Conflict", "status": 409, "detail": "In progress."}"#.utf8)
        let declined = Data(#"{"title": "Declined", "status": 402, "code": "card_declined"}"#.utf8)
        let payment = Data(
            #"{"id": "pay_1", "amount": 100, "currency": "EUR", "status": "succeeded", "description": null, "metadata": {}, "created": 1}"#
                .utf8)
        transport.queue([
            .success(TransportResponse(status: 409, body: conflict)),
            .success(TransportResponse(status: 201, body: payment)),
            .success(TransportResponse(status: 402, body: declined)),
            .success(TransportResponse(status: 409, headers: ["Stripe-Should-Retry": "false"], body: conflict)),
        ])
        let client = Ledger.Client(
            environment: .custom(URL(string: "http://127.0.0.1:9")!), transport: transport, appKey: "sk",
            retry: RetryPolicy(baseDelay: 0, jitter: { $0 }))
        let order = try Self.newPayment(100)
        let made = try await client.createPayment(order)
        #expect(made.id == "pay_1" && transport.requests.count == 2)
        let keys = transport.requests.map { $0.headers.first { $0.name == "Idempotency-Key" }?.value }
        #expect(keys[0] != nil && keys[0] == keys[1])
        for expected in [Ledger.ErrorCode.cardDeclined, .conflict] {
            do throws(Ledger.Failure) {
                _ = try await client.createPayment(order)
                Issue.record("\(expected) was a success")
            } catch {
                #expect(error.code == expected)
            }
        }
        #expect(transport.requests.count == 4)
    }

    /// `Stripe-Should-Retry` steers the retries the spec names it for: `false` stops a 503 from
    /// being repeated, `true` repeats a 409 the policy alone would not; the key stays the same.
    @Test func theServersShouldRetryHeaderDecidesOverTheStatus() async throws {
        let transport = ScriptedTransport()
        let problem = Data(#"{"type": "about:blank", "title": "Busy", "status": 503}"#.utf8)
        let payment = Data(
            #"{"id": "pay_1", "amount": 100, "currency": "EUR", "status": "succeeded", "description": null, "metadata": {}, "created": 1}"#
                .utf8)
        transport.queue([
            .success(TransportResponse(status: 503, headers: ["stripe-should-retry": "false"], body: problem)),
            .success(TransportResponse(status: 409, headers: ["Stripe-Should-Retry": "true"], body: problem)),
            .success(TransportResponse(status: 201, headers: [:], body: payment)),
        ])
        let client = Ledger.Client(
            environment: .custom(URL(string: "http://127.0.0.1:9")!), transport: transport, appKey: "sk",
            retry: RetryPolicy(baseDelay: 0, jitter: { $0 }))
        let order = try Self.newPayment(100)
        do throws(Ledger.Failure) {
            _ = try await client.createPayment(order)
            Issue.record("a 503 the server said not to retry was retried into a success")
        } catch {
            #expect(error.status == 503 && transport.requests.count == 1)
        }
        let made = try await client.createPayment(order)
        #expect(made.id == "pay_1" && transport.requests.count == 3)
        let keys = transport.requests.suffix(2).map { $0.headers.first { $0.name == "Idempotency-Key" }?.value }
        #expect(keys[0] != nil && keys[0] == keys[1])
    }

    @Test func aRefundIsAcceptedAndMetadataIsDeletedWithNoContent() async throws {
        try await withLedger { client, _, _ in
            let payment = try await client.createPayment(Self.newPayment(900))
            let refund = try await client.refundPayment(id: payment.id, Ledger.NewRefund())
            #expect(refund.status == .pending && refund.amount == payment.amount)
            try await client.deletePaymentMetadata(id: payment.id)
            #expect(try await client.payment(id: payment.id).metadata == [:])
        }
    }

    @Test func aDeclineIsAProblemWithItsTypeTitleAndDetail() async throws {
        try await withLedger { client, _, handler in
            let declining = try Self.newPayment(100, token: "tok_decline")
            do throws(Ledger.Failure) {
                _ = try await client.createPayment(declining)
                Issue.record("a declined card was charged")
            } catch {
                #expect(error.code == .cardDeclined && error.status == 402)
                #expect(error.message == "The card was declined by its issuer.")
                #expect(error.payload?.title == "Card declined")
                #expect(error.payload?.type?.lastPathComponent == "card-declined")
                // The problem and the payment hold each other (stored out of line), as the wire nests them.
                let failed = try #require(error.payload?.payment)
                #expect(failed.status == .failed && failed.lastError?.title == "Card declined")
                #expect(failed.lastError?.payment == nil)
                #expect(!String(describing: error).contains("tok_decline"))
            }
            #expect(handler.charges == 0)
        }
    }

    /// A server that repeats a sensitive value it was sent (Stripe's "No such token: 'tok_…'")
    /// does not put it on the user's screen or in a log: the failure's message and description
    /// show `<redacted>` where the token was.
    @Test func aProblemThatRepeatsTheCardTokenShowsItRedacted() async throws {
        try await withLedger { client, _, handler in
            let token = "tok_missing_4242abcd"
            let payment = try Self.newPayment(100, token: token)
            do throws(Ledger.Failure) {
                _ = try await client.createPayment(payment)
                Issue.record("a missing token was charged")
            } catch {
                #expect(error.status == 400)
                #expect(error.message == "No such token: '<redacted>'")
                #expect(
                    String(describing: error)
                        == "createPayment failed: HTTP status 400 (Bad Request): No such token: '<redacted>'")
                #expect(!error.localizedDescription.contains(token))
            }
            #expect(handler.charges == 0)
        }
    }

    /// Request-Id is declared once, for the service: every reply reads it, whatever its endpoint,
    /// and a failure keeps it, so an app can quote it to support.
    @Test func everyAnswerCarriesItsRequestID() async throws {
        try await withLedger { client, _, _ in
            let made = try await client.createPayment(Self.newPayment(100))
            let read = try await client.payment(id: made.id)
            let deleted = try await client.deletePaymentMetadata(id: made.id)
            #expect(
                [made.responseHeaders, read.responseHeaders, deleted.responseHeaders].map(\.requestID) == [
                    "req_1", "req_2", "req_3",
                ])
            #expect(read.amount == made.amount && deleted.httpStatus == 204)
            do throws(Ledger.Failure) {
                _ = try await client.payment(id: "pay_missing")
                Issue.record("a missing payment was found")
            } catch {
                #expect(error.code == .notFound && error.response?[header: "Request-Id"] == "req_failed")
            }
        }
    }

    /// A file goes as its bytes (application/octet-stream) and a receipt comes back as text
    /// (text/plain), neither wrapped in JSON; their errors are still problems.
    @Test func bytesAndTextTravelAsTheyAre() async throws {
        try await withLedger { client, service, _ in
            let payment = try await client.createPayment(Self.newPayment(1250))
            let file = Data([0x25, 0x50, 0x44, 0x46, 0x00, 0xFF, 0x0A])
            let evidence = try await client.uploadEvidence(id: payment.id, fileName: "scan.pdf", file)
            #expect(evidence.size == 7 && evidence.fileName == "scan.pdf")
            let upload = try #require(service.journal.last { $0.operation == "uploadEvidence" })
            #expect(upload.headers["content-type"] == "application/octet-stream")
            let receipt = try await client.paymentReceipt(id: payment.id)
            #expect(receipt.responseBody == "Receipt \(payment.id)\nAmount: 1250 EUR\nÖdendi ✓\n")
            #expect(receipt.responseHeaders.requestID != nil)
            do throws(Ledger.Failure) {
                _ = try await client.uploadEvidence(id: payment.id, fileName: "empty", Data())
                Issue.record("an empty file was taken")
            } catch {
                #expect(error.code == .invalidRequest && error.message == "The file has no bytes.")
            }
            do throws(Ledger.Failure) {
                _ = try await client.paymentReceipt(id: "pay_missing")
                Issue.record("a missing payment had a receipt")
            } catch {
                #expect(error.code == .notFound)
            }
        }
    }

    @Test func oneStatusNamesTwoErrorsByTheirStringCodes() async throws {
        try await withLedger { client, _, _ in
            var codes: [Ledger.ErrorCode?] = []
            for token in ["tok_expired", "tok_decline"] {
                let order = try Self.newPayment(100, token: token)
                do throws(Ledger.Failure) {
                    _ = try await client.createPayment(order)
                    Issue.record("\(token) was charged")
                } catch {
                    codes.append(error.code)
                    #expect(error.status == 402)
                    #expect(error.kind == error.code.map { .server(code: $0.rawValue) })
                }
            }
            #expect(codes == [.expiredCard, .cardDeclined])
            #expect(codes.map { $0?.rawValue } == ["expired_card", "card_declined"])
            #expect(codes.map { $0?.info?.message } == ["The card has expired.", "The card was declined."])
        }
    }

    @Test func anUnknownStringCodeIsKeptAsWritten() async throws {
        let transport = ScriptedTransport()
        let body = #"{"title": "Card error", "status": 402, "code": "card_velocity_exceeded", "detail": "Too many."}"#
        transport.queue([.success(TransportResponse(status: 402, body: Data(body.utf8)))])
        let client = Ledger.Client(
            environment: .custom(URL(string: "http://127.0.0.1:9")!), transport: transport, appKey: "sk")
        let order = try Self.newPayment(100)
        do throws(Ledger.Failure) {
            _ = try await client.createPayment(order)
            Issue.record("an error answer was a success")
        } catch {
            #expect(error.code?.rawValue == "card_velocity_exceeded" && error.code?.info == nil)
            #expect(error.kind == .server(code: "card_velocity_exceeded") && error.message == "Too many.")
        }
    }

    @Test func documentedProblemBodiesAreTheirFailures() async throws {
        let transport = ScriptedTransport()
        let problem = """
            {"type": "https://example.net/validation-error", "title": "Your request is not valid.", "status": 400,
             "detail": "amount must be at least 1", "instance": "/payments/req-7",
             "invalid_params": [{"name": "amount", "reason": "must be a positive integer"}]}
            """
        let titleOnly = #"{"type": "about:blank", "title": "Too Many Requests", "status": 429}"#
        transport.queue([
            .success(
                TransportResponse(
                    status: 400, headers: ["Content-Type": "application/problem+json"], body: Data(problem.utf8))),
            .success(TransportResponse(status: 429, headers: ["Retry-After": "2"], body: Data(titleOnly.utf8))),
        ])
        let client = Ledger.Client(
            environment: .custom(URL(string: "http://127.0.0.1:9")!), transport: transport, appKey: "sk",
            retry: RetryPolicy(maxAttempts: 1))
        var failures: [Ledger.Failure] = []
        let payment = try Self.newPayment(1)
        for _ in 0..<2 {
            do throws(Ledger.Failure) {
                _ = try await client.createPayment(payment)
            } catch {
                failures.append(error)
            }
        }
        #expect(failures[0].code == .invalidRequest && failures[0].message == "amount must be at least 1")
        #expect(failures[0].payload?.invalidParams?.first?.name == "amount")
        #expect(failures[0].payload?.instance == "/payments/req-7")
        // No detail: the problem's title is the message.
        #expect(failures[1].code == .rateLimited && failures[1].message == "Too Many Requests")
        #expect(failures[1].response?[header: "Retry-After"] == "2")
    }
}
