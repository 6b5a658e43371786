import Foundation
@_spi(Generated) import SpecsmithRuntime
import SpecsmithTesting
import Testing

/// `ErrorAnswer` is the one reading of an answer as an error: the decoding of a call and the retry
/// rules both ask it, so they cannot disagree about what an answer is.
@Suite struct ErrorAnswerTests {
    static let marked = WireEnvelope(
        dataField: "data", successMarker: .init(field: "result", value: "ok"), codeField: "code",
        messageField: "message", errorMarker: .init(field: "result", value: "fail"))
    static let plain = WireEnvelope()

    static func answer(_ status: Int, _ json: String, _ envelope: WireEnvelope) -> ErrorAnswer? {
        ErrorAnswer.read(TransportResponse(status: status, body: Data(json.utf8)), envelope: envelope)
    }

    @Test func eachKindOfAnswerIsReadOnce() {
        #expect(Self.answer(200, #"{"name": "ok", "code": 1049}"#, Self.plain) == nil)
        #expect(Self.answer(200, #"{"result": "ok", "data": {}}"#, Self.marked) == nil)
        #expect(
            Self.answer(200, #"{"result": "fail", "code": 1049, "message": "m"}"#, Self.marked)
                == .coded(1049, message: "m"))
        #expect(
            Self.answer(401, #"{"code": 1002, "message": "expired"}"#, Self.plain) == .coded(1002, message: "expired"))
        #expect(
            Self.answer(404, #"{"title": "Not Found"}"#, Self.plain) == .codeless(status: 404, message: "Not Found"))
        #expect(Self.answer(422, #"{}"#, Self.plain) == .codeless(status: 422, message: ""))
        #expect(Self.answer(502, "<html>bad gateway</html>", Self.plain) == .bare(status: 502))
        #expect(Self.answer(502, "<html>bad gateway</html>", Self.plain)?.key == nil)
        #expect(Self.answer(404, #"{"title": "Not Found"}"#, Self.plain)?.key == .number(404))
    }

    /// The code is a number or a string, the message a string or nothing, both where the envelope
    /// puts them; a body that breaks one of those is told apart by its status, and a success
    /// without the error marker stays a success.
    @Test func eachMemberIsReadAsTheEnvelopeSays() {
        let contained = WireEnvelope(errorContainer: "error")
        #expect(
            Self.answer(400, #"{"error": {"code": "card_declined", "message": "no"}}"#, contained)
                == .coded("card_declined", message: "no"))
        #expect(
            Self.answer(400, #"{"code": 7, "message": "top"}"#, contained) == .codeless(status: 400, message: "top"))
        #expect(
            Self.answer(400, #"{"error": {"message": "inner"}, "detail": "outer"}"#, contained)
                == .codeless(status: 400, message: "inner"))
        #expect(Self.answer(400, #"{"code": 7, "message": null}"#, Self.plain) == .coded(7, message: ""))
        #expect(Self.answer(400, #"{"code": 7, "message": 8}"#, Self.plain) == .codeless(status: 400, message: ""))
        #expect(Self.answer(400, #"{"code": true, "detail": "d"}"#, Self.plain) == .codeless(status: 400, message: "d"))
        #expect(Self.answer(400, #"{"code": 1.5}"#, Self.plain) == .codeless(status: 400, message: ""))
        #expect(Self.answer(400, #"{"code": {"value": 7}}"#, Self.plain) == .codeless(status: 400, message: ""))
        #expect(Self.answer(200, #"{"result": "ok", "code": 7}"#, Self.marked) == nil)
        #expect(Self.answer(200, #"{"result": "fail", "message": "no code"}"#, Self.marked) == nil)
        #expect(Self.answer(400, "[1, 2]", Self.plain) == .bare(status: 400))
    }

    /// Slack's shape: every success carries `"ok": true` among the payload's own members, so a
    /// success without it is not one, even for a call that declares no answer.
    @Test func aBarePayloadsSuccessMarkerIsChecked() async throws {
        let slack = WireEnvelope(
            successMarker: .init(field: "ok", value: true), codeField: "error",
            errorMarker: .init(field: "ok", value: false))
        let operation = WireOperation(name: "join", method: "POST", host: "api", path: "/conversations.join")
        for (body, succeeds) in [
            (#"{"ok": true}"#, true), (#"{"ok": true, "warning": "already_in_channel"}"#, true),
            (#"{"ok": false}"#, false), ("<html>maintenance</html>", false), ("", true),
        ] {
            let transport = ScriptedTransport()
            transport.answer(body)
            let core = ClientCore(
                baseURLs: ["api": URL(string: "http://127.0.0.1:9")!], envelope: slack, transport: transport,
                retry: .never)
            let answer = try? await core.send(operation, as: TestFailure.self) as NoContent
            #expect((answer != nil) == succeeds, "\(body)")
        }
        #expect(
            Self.answer(200, #"{"ok": false, "error": "not_in_channel"}"#, slack)
                == .coded("not_in_channel", message: ""))
    }

    /// Before, the retry rules read a code from any body, success or not, and repeated a success
    /// whose payload had a `code` member equal to a retryable error's.
    @Test func aSuccessThatHasACodeMemberIsNotRepeated() async throws {
        let transport = ScriptedTransport()
        for _ in 0..<3 { transport.answer(#"{"name": "ok", "code": 1049}"#) }
        let core = ClientCore(
            baseURLs: ["api": URL(string: "http://127.0.0.1:9")!], envelope: Self.plain, transport: transport,
            retry: RetryPolicy(maxAttempts: 3, baseDelay: 0, maxDelay: 0, jitter: { $0 }, sleep: { _ in }),
            retryableErrors: [1049])
        let operation = WireOperation(name: "item", method: "GET", host: "api", path: "/item", idempotent: true)
        let item: Item = try await core.send(operation, as: TestFailure.self)
        #expect(item == Item(name: "ok"))
        #expect(transport.requests.count == 1)
    }

    @Test func anErrorWithARetryableCodeIsRepeated() async {
        let transport = ScriptedTransport()
        transport.answer(503, #"{"code": 1049, "message": "busy"}"#)
        transport.answer(#"{"name": "ok"}"#)
        let core = ClientCore(
            baseURLs: ["api": URL(string: "http://127.0.0.1:9")!], envelope: Self.plain, transport: transport,
            retry: RetryPolicy(
                maxAttempts: 3, baseDelay: 0, maxDelay: 0, retryableStatuses: [], jitter: { $0 }, sleep: { _ in }),
            retryableErrors: [1049])
        let operation = WireOperation(name: "item", method: "GET", host: "api", path: "/item", idempotent: true)
        let item: Item? = try? await core.send(operation, as: TestFailure.self)
        #expect(item == Item(name: "ok"))
        #expect(transport.requests.count == 2)
    }
}
