import Foundation
@_spi(Generated) import SpecsmithRuntime
import SpecsmithTesting
import Testing

/// A server may repeat what it was sent in its error message. A failure never carries a value the
/// spec marks sensitive, nor a credential, in clear: not in the reason's text, not in its description.
@Suite struct SensitiveEchoTests {
    struct Card: Codable, Sendable {
        var number: String
        var cvc: Int
        var holder: String
    }

    struct Payment: Codable, Sendable {
        var card: Card
    }

    static let operation = WireOperation(
        name: "pay", method: "POST", host: "api", path: "/pay",
        auth: [.prefixedKey(header: "Authorization", prefix: "Bearer ")],
        sensitiveRequestFields: ["card.number", "card.cvc"])

    static func failure(answering status: Int, _ json: String) async -> ClientFailure? {
        let transport = ScriptedTransport()
        transport.answer(status, json)
        let core = ClientCore(
            baseURLs: ["api": URL(string: "http://127.0.0.1:9")!], envelope: WireEnvelope(), transport: transport,
            appKeys: ["Authorization": "sk_live_51secret"], retry: .never)
        let payment = Payment(card: Card(number: "4111111111111111", cvc: 737, holder: "Ada Lovelace"))
        do throws(TestFailure) {
            let _: NoContent = try await core.send(operation, body: payment, as: TestFailure.self)
            return nil
        } catch {
            return error.failure
        }
    }

    @Test func aServerMessageThatRepeatsTheCardShowsItRedacted() async throws {
        let failure = try #require(
            await Self.failure(
                answering: 402, #"{"code": "card_declined", "message": "card 4111111111111111 (cvc 737) declined"}"#))
        #expect(failure.reason == .server(code: "card_declined", message: "card <redacted> (cvc <redacted>) declined"))
        #expect(
            failure.description == "pay failed: server error card_declined: card <redacted> (cvc <redacted>) declined")
    }

    @Test func aCredentialRepeatedWithoutItsSchemeIsRedactedToo() async throws {
        let failure = try #require(
            await Self.failure(answering: 401, #"{"detail": "Invalid API key: sk_live_51secret"}"#))
        #expect(failure.reason == .rejected(status: 401, message: "Invalid API key: <redacted>"))
    }

    /// Only what the spec marks sensitive is hidden: the holder's name is the app's to show.
    @Test func aValueTheSpecDoesNotMarkIsLeftAsTheServerWroteIt() async throws {
        let failure = try #require(
            await Self.failure(answering: 422, #"{"detail": "Ada Lovelace must sign"}"#))
        #expect(failure.reason == .rejected(status: 422, message: "Ada Lovelace must sign"))
    }

    @Test func theLogShowsARepeatedCardRedacted() async throws {
        let transport = ScriptedTransport()
        transport.answer(402, #"{"code": "card_declined", "message": "card 4111111111111111 declined"}"#)
        let lines = Locked<[String]>([])
        let core = ClientCore(
            baseURLs: ["api": URL(string: "http://127.0.0.1:9")!], envelope: WireEnvelope(), transport: transport,
            appKeys: ["Authorization": "sk_live_51secret"],
            middlewares: [LoggingMiddleware(log: { line in lines.withLock { $0.append(line) } })], retry: .never)
        let payment = Payment(card: Card(number: "4111111111111111", cvc: 737, holder: "Ada Lovelace"))
        let answer: NoContent? = try? await core.send(Self.operation, body: payment, as: TestFailure.self)
        #expect(answer == nil)
        let answerLine = try #require(lines.withLock { $0 }.last)
        #expect(answerLine == #"← pay 402 {"code":"card_declined","message":"card <redacted> declined"}"#)
    }

    @Test func aKeyInTheQueryIsHiddenWhenRepeated() async throws {
        let transport = ScriptedTransport()
        transport.answer(403, #"{"detail": "key AIzaSyKey42 is not enabled for this API"}"#)
        let core = ClientCore(
            baseURLs: ["api": URL(string: "http://127.0.0.1:9")!], envelope: WireEnvelope(), transport: transport,
            appKeys: ["?key": "AIzaSyKey42"], retry: .never)
        let lookup = WireOperation(
            name: "lookup", method: "GET", host: "api", path: "/places", auth: [.queryKey(name: "key")])
        do throws(TestFailure) {
            let _: NoContent = try await core.send(lookup, as: TestFailure.self)
            Issue.record("a refused key was accepted")
        } catch {
            #expect(
                error.failure.reason == .rejected(status: 403, message: "key <redacted> is not enabled for this API"))
        }
    }

    /// A sensitive field may be an object or a list, and a body may be a form: every value inside
    /// is found.
    @Test func valuesUnderASensitiveObjectOrInAFormAreFound() {
        let json = TransportRequest(
            method: .post, url: URL(string: "http://127.0.0.1:9/pay")!,
            body: Data(#"{"card": {"number": "4111111111111111", "cvc": 737}, "codes": ["alpha1", "beta22"]}"#.utf8))
        #expect(
            Set(Redaction.sensitiveValues(of: json, paths: ["card", "codes"], sensitiveHeaders: []))
                == ["4111111111111111", "737", "alpha1", "beta22"])
        let form = TransportRequest(
            method: .post, url: URL(string: "http://127.0.0.1:9/customers")!,
            body: Data("name=Ada&card[number]=4242424242424242&card[cvc]=123".utf8))
        #expect(
            Set(Redaction.sensitiveValues(of: form, paths: ["card.number", "card.cvc"], sensitiveHeaders: []))
                == ["4242424242424242", "123"])
    }

    /// Each form a server may write a value in: another case, JSON-escaped, URL-encoded, a card
    /// number with spaces; and a short value only where it stands alone.
    @Test func aValueIsHiddenInEachFormAServerWritesIt() {
        let values = ["4111111111111111", "pa\"ss/word", "Ada@Example.com", "737"]
        let text = #"card 4111 1111 1111 1111, pa\"ss/word, ada@example.com, Ada%40Example.com, cvc 737, order 17372"#
        #expect(
            Redaction.hiding(values, in: text)
                == "card <redacted>, <redacted>, <redacted>, <redacted>, cvc <redacted>, order 17372")
    }

    /// A credential a middleware adds on the way out (a signer, a token refresher) is hidden too.
    @Test func aCredentialAMiddlewareAddsIsHiddenWhenRepeated() async throws {
        struct Signer: TransportMiddleware {
            func intercept(
                _ request: TransportRequest, operation: WireOperation,
                next: @Sendable (TransportRequest) async throws(TransportFailure) -> TransportResponse
            ) async throws(TransportFailure) -> TransportResponse {
                var signed = request
                signed.headers.append((name: "X-Signature", value: "sig_9f8e7d6c5b"))
                return try await next(signed)
            }
        }
        let transport = ScriptedTransport()
        transport.answer(401, #"{"detail": "signature sig_9f8e7d6c5b does not match"}"#)
        let core = ClientCore(
            baseURLs: ["api": URL(string: "http://127.0.0.1:9")!], envelope: WireEnvelope(), transport: transport,
            middlewares: [Signer()], retry: .never)
        let operation = WireOperation(
            name: "signed", method: "GET", host: "api", path: "/signed", sensitiveHeaders: ["X-Signature"])
        do throws(TestFailure) {
            let _: NoContent = try await core.send(operation, as: TestFailure.self)
            Issue.record("a refused signature was accepted")
        } catch {
            #expect(error.failure.reason == .rejected(status: 401, message: "signature <redacted> does not match"))
        }
    }

    @Test func sensitiveValuesAreFoundAtTheirPathsLongestFirst() {
        let request = TransportRequest(
            method: .post, url: URL(string: "http://127.0.0.1:9/pay")!,
            headers: [("X-Api-Key", "key_123456"), ("Accept", "application/json")],
            body: Data(#"{"cards": [{"number": "4242424242424242"}, {"number": "5555555555554444"}], "pin": 12}"#.utf8))
        let values = Redaction.sensitiveValues(of: request, paths: ["cards[].number", "pin"], sensitiveHeaders: [])
        #expect(values == ["5555555555554444", "4242424242424242", "key_123456", "12"])
        #expect(Redaction.hiding(values, in: "pin 12 for 4242424242424242") == "pin 12 for <redacted>")
    }

    /// A session token an SDK keeps from the client travels as `<redacted>` until its last step:
    /// that placeholder is no value to look for in an answer.
    @Test func aPlaceholderIsNoSensitiveValue() {
        let request = TransportRequest(
            method: .get, url: URL(string: "http://127.0.0.1:9/status")!,
            headers: [("Authorization", "Bearer <redacted>"), ("X-Api-Key", "key_123456")])
        #expect(Redaction.sensitiveValues(of: request, paths: [], sensitiveHeaders: []) == ["key_123456"])
    }
}
