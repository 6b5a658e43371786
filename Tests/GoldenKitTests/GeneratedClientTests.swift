import Foundation
import GoldenKit
import SpecsmithRuntime
import SpecsmithTesting
import Testing

/// The generated client puts the right bytes on the wire and turns every answer into a typed value
/// or a typed failure.
@Suite struct GeneratedClientTests {
    let transport = ScriptedTransport()
    var client: Golden.Client { Golden.Client(environment: .test, transport: transport, appKey: "app-1") }

    @Test func signInStoresTheSessionAndLaterCallsSendIt() async throws {
        let client = client
        transport.answer(#"{"token": "t0k", "expiresAt": "2026-12-01T00:00:00Z"}"#)
        transport.answer("[]")
        _ = try await client.signIn(Golden.SignInRequest(email: try Golden.Email("a@b.example"), password: "pw"))
        _ = try await client.listItems(shop: "main")
        let signIn = transport.requests[0]
        #expect(signIn.url.absoluteString == "https://api.test.golden.example/v2/sessions")
        #expect(signIn.header("X-App-Key") == "app-1")
        #expect(signIn.header("Authorization") == nil)
        #expect(transport.requests[1].header("Authorization") == "Bearer t0k")
    }

    @Test func callNeedingASessionFailsBeforeSendingWithoutOne() async {
        await #expect(throws: Golden.Failure.self) { try await client.listItems(shop: "main") }
        #expect(transport.requests.isEmpty)
        do {
            _ = try await client.listItems(shop: "main")
        } catch {
            #expect(error.kind == .session)
            #expect(error.message == "Please sign in again.")
            #expect(error.operation == "listItems")
        }
    }

    @Test func pathQueryAndHeaderParametersAreEncoded() async throws {
        let client = client
        client.restoreSession("s")
        transport.answer("[]")
        _ = try await client.listItems(shop: "a b/ç", flavor: .unknown("x&y=z"), limit: 5, locale: "tr-TR")
        let request = try #require(transport.requests.first)
        #expect(
            request.url.absoluteString
                == "https://api.test.golden.example/v2/shops/a%20b%2F%C3%A7/items?flavor=x%26y%3Dz&limit=5")
        #expect(request.header("Accept-Language") == "tr-TR")
        #expect(request.method == "GET")
        #expect(request.body == nil)
    }

    @Test func hostsAreNeverDerivedFromEachOther() async throws {
        let client = Golden.Client(
            environment: .custom(api: URL(string: "http://127.0.0.1:1/a")!, keys: URL(string: "http://127.0.0.1:2/k")!),
            transport: transport)
        transport.answer(#""key""#)
        #expect(try await client.encryptionKey() == "key")
        #expect(transport.requests.first?.url.absoluteString == "http://127.0.0.1:2/k/keys/current")
    }

    @Test func errorEnvelopeBecomesATypedFailureWithTheServersMessage() async {
        let client = client
        client.restoreSession("s")
        transport.answer(409, #"{"error": {"code": 10, "message": "no stock"}}"#)
        do {
            _ = try await client.placeOrder(Golden.PlaceOrderRequest(items: []))
            Issue.record("expected a failure")
        } catch {
            #expect(error.kind == .server(code: 10))
            #expect(error.code == .nothingLeft)
            #expect(error.message == "no stock")
            #expect(error.detail == "placeOrder failed: server error 10: no stock")
            #expect(10 == Golden.ErrorCode.nothingLeft)
            #expect(Golden.ErrorCode.nothingLeft.info?.retryable == true)
        }
    }

    @Test func errorCategoriesMapToKinds() async {
        let client = client
        client.restoreSession("s")
        transport.answer(401, #"{"error": {"code": 2, "message": "expired"}}"#)
        transport.answer(422, #"{"error": {"code": 11, "message": "declined"}}"#)
        transport.answer(400, #"{"error": {"code": 999, "message": "something new"}}"#)
        var kinds: [Golden.Failure.Kind] = []
        var messages: [String] = []
        for _ in 0..<3 {
            do {
                _ = try await client.placeOrder(Golden.PlaceOrderRequest(items: []))
            } catch {
                kinds.append(error.kind)
                messages.append(error.message)
            }
        }
        #expect(kinds == [.session, .encryption, .server(code: 999)])
        #expect(messages.last == "something new")
    }

    @Test(arguments: [
        (502, "<html>Bad Gateway</html>", "HTTP status 502 without an error body"),
        (200, #"{"outcome": "PLACED"}"#, "missing required field order"),
        (200, #"{"outcome": "LOST"}"#, "unknown outcome \"LOST\" for PlaceOrderResponse"),
        (200, "{not json", "malformed response"),
    ])
    func badAnswersAreInvalidResponses(status: Int, body: String, detail: String) async {
        let client = client
        client.restoreSession("s")
        transport.answer(status, body)
        do {
            _ = try await client.placeOrder(Golden.PlaceOrderRequest(items: []))
            Issue.record("expected a failure")
        } catch {
            #expect(error.kind == .invalidResponse)
            #expect(error.detail.contains(detail), "\(error.detail)")
            #expect(error.detail.hasPrefix("placeOrder failed:"))
        }
    }

    @Test func transportFailuresKeepTheirKindAfterTheRetries() async {
        let client = Golden.Client(
            environment: .test, transport: transport, retry: RetryPolicy(sleep: { _ in }))
        for _ in 0..<3 { transport.fail(TransportFailure(.timeout, detail: "timed out")) }
        do {
            _ = try await client.encryptionKey()
        } catch {
            #expect(error.kind == .transport(.timeout))
            #expect(error.message == "No connection.")
        }
        #expect(transport.requests.count == 3)
    }

    @Test func otpVerifiesAndResendsThroughTheClientThatDecodedIt() async throws {
        let client = client
        client.restoreSession("s")
        transport.answer(#"{"outcome": "CONFIRM", "code": {"id": "c1", "length": 4}}"#)
        guard case let .confirm(otp) = try await client.placeOrder(Golden.PlaceOrderRequest(items: [])) else {
            Issue.record("expected .confirm")
            return
        }
        #expect(otp.info.id == "c1")
        transport.answer(#"{"id": "c2", "length": 6}"#)
        let fresh = try await otp.resend()
        #expect(fresh.id == "c2" && otp.info.id == "c2")
        transport.answer(
            #"{"order": {"id": "3f2504e0-4f89-11d3-9a0c-0305e82c3301", "items": [], "total": 1, "placed_at": "2026-11-30T10:00:00Z", "channel": "web"}}"#
        )
        let order = try await otp.verify(code: "1234")
        #expect(order.total == 1)
        let sent = try #require(transport.requests.last?.body)
        #expect(String(decoding: sent, as: UTF8.self) == #"{"code":"1234","codeID":"c2"}"#)
    }

    @Test func otpWithoutAClientFailsAsASessionFailure() async {
        let otp = Golden.ConfirmCode(info: Golden.Code(id: "c", length: 4))
        await #expect(throws: Golden.Failure.self) { try await otp.verify(code: "1") }
    }

    // Deprecated itself so that calling the deprecated endpoint, on purpose, raises no warning.
    @available(*, deprecated, message: "exercises a deprecated endpoint")
    @Test func noContentEndpointsAcceptAnEmptyBody() async throws {
        let client = client
        client.restoreSession("s")
        transport.answer(204, "")
        try await client.cancelOrder(id: UUID(uuidString: "3F2504E0-4F89-11D3-9A0C-0305E82C3301")!)
        #expect(transport.requests.first?.url.path == "/v2/orders/3f2504e0-4f89-11d3-9a0c-0305e82c3301")
        #expect(transport.requests.first?.method == "DELETE")
    }
}
