import Foundation
@_spi(Generated) import SpecsmithRuntime
import SpecsmithTesting
import Testing

/// Error bodies as conventional REST APIs send them: told apart by status, a message but no code.
@Suite struct StatusErrorTests {
    let transport = ScriptedTransport()
    static let get = WireOperation(name: "issue", method: "GET", host: "api", path: "/issue")

    func failure(_ envelope: WireEnvelope = WireEnvelope(errorHeaders: ["Retry-After", "X-RateLimit-Remaining"]))
        async -> ClientFailure?
    {
        let core = ClientCore(
            baseURLs: ["api": URL(string: "http://127.0.0.1:9")!], envelope: envelope, transport: transport,
            retry: RetryPolicy(maxAttempts: 1))
        do throws(TestFailure) {
            let _: Item = try await core.send(Self.get, as: TestFailure.self)
            return nil
        } catch {
            return error.failure
        }
    }

    @Test func aMessageBodyWithoutACodeIsARejectionWithItsMessage() async throws {
        let body = #"{"message": "Not Found", "documentation_url": "https://docs.example.com/issues"}"#
        transport.queue([
            .success(
                TransportResponse(
                    status: 404, headers: ["X-RateLimit-Remaining": "59", "Server": "edge"], body: Data(body.utf8)))
        ])
        let failure = try #require(await failure())
        #expect(failure.reason == .rejected(status: 404, message: "Not Found"))
        #expect(failure.description == "issue failed: HTTP status 404 (Not Found): Not Found")
        #expect(failure.response?.status == 404)
        // Only the headers the envelope names are kept, by lowercased name.
        #expect(failure.response?.headers == ["x-ratelimit-remaining": "59"])
        #expect(failure.response?.body == Data(body.utf8))
    }

    @Test func aProblemDetailsBodyGivesItsDetailThenItsTitle() async throws {
        transport.answer(
            403,
            #"{"type": "https://example.com/probs/out-of-credit", "title": "Out of credit", "detail": "Balance 30"}"#)
        transport.answer(409, #"{"type": "about:blank", "title": "Conflict", "status": 409}"#)
        #expect(try #require(await failure()).reason == .rejected(status: 403, message: "Balance 30"))
        #expect(try #require(await failure()).reason == .rejected(status: 409, message: "Conflict"))
    }

    @Test func theMessageIsReadInsideTheEnvelopesErrorContainer() async throws {
        transport.answer(422, #"{"error": {"message": "Validation Failed", "fields": ["title"]}}"#)
        let failure = try #require(await failure(WireEnvelope(errorContainer: "error")))
        #expect(failure.reason == .rejected(status: 422, message: "Validation Failed"))
    }

    @Test func aBodyWithACodeIsStillTheServersCode() async throws {
        transport.answer(400, #"{"code": 7, "message": "bad"}"#)
        #expect(try #require(await failure()).reason == .server(code: 7, message: "bad"))
    }

    @Test(arguments: ["<html><body>Bad gateway</body></html>", "", "[1, 2]", "\"text\""])
    func aBodyThatIsNoJSONObjectIsAStatusWithoutAnErrorBody(body: String) async throws {
        transport.answer(502, body)
        let failure = try #require(await failure())
        #expect(failure.reason == .status(502))
        #expect(failure.response?.status == 502)
    }

    @Test func aTransportFailureHasNoResponse() async throws {
        transport.fail(TransportFailure(.connectionRefused, detail: "refused"))
        let failure = try #require(await failure())
        #expect(failure.response == nil)
    }

    @Test func aRateLimitAnswerKeepsRetryAfterForTheApp() async throws {
        transport.queue([
            .success(
                TransportResponse(
                    status: 429, headers: ["retry-after": "30"], body: Data(#"{"message": "slow down"}"#.utf8)))
        ])
        let failure = try #require(await failure())
        #expect(failure.reason == .rejected(status: 429, message: "slow down"))
        #expect(failure.response?[header: "Retry-After"] == "30")
    }
}
