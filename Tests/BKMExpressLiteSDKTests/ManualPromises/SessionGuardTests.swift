import Foundation
import SpecsmithMock
@_spi(Generated) import SpecsmithRuntime
import SpecsmithTesting
import Testing

@_spi(Generated) @testable import BKMExpressLiteSDK

/// The guard reads the session from the spec's `sessionToken` auth (`BKMExpress.wireSessions`): the
/// token is taken only from an answer of the issuing operation, at the path the spec gives, and
/// sent only in the header the spec names. A look-alike field in another answer is left alone.
@Suite struct SessionGuardTests {
    @Test func theTokenComesOnlyFromTheIssuersAnswerAndGoesOnlyInTheSpecsHeader() async throws {
        let session = try #require(BKMExpress.wireSessions.first)
        #expect(session.issuer.name == "initialize")
        #expect(session.tokenPath == ["data", "connectionToken"])
        let seen = Recorder<[String: String]>([:])
        let responder: MockHTTPServer.Responder = { request in
            let json =
                switch request.path {
                case "/v1/sessions": #"{"result": "ok", "data": {"connectionToken": "bexc_issued"}}"#
                case "/v1/echo": #"{"result": "ok", "data": {"connectionToken": "bexc_lookalike"}}"#
                default: #"{"result": "ok", "data": {}}"#
                }
            if request.path == "/v1/status" { seen.update { $0 = request.headers } }
            return MockResponse(status: 200, headers: ["content-type": "application/json"], body: Data(json.utf8))
        }
        try await withMockServer(responder: responder) { server in
            let sessionGuard = BKMExpress.SessionGuard(
                transport: BKMExpress.WireTransport(), home: server.baseURL, gsm: "5000000004")
            let base = server.baseURL.absoluteString
            let issued = try await sessionGuard.send(
                TransportRequest(method: "POST", url: try #require(URL(string: base + "/v1/sessions")), body: Data()))
            #expect(!String(decoding: issued.body, as: UTF8.self).contains("bexc_issued"))
            #expect(String(decoding: issued.body, as: UTF8.self).contains(redacted))
            let echoed = try await sessionGuard.send(
                TransportRequest(method: "POST", url: try #require(URL(string: base + "/v1/echo")), body: Data()))
            #expect(String(decoding: echoed.body, as: UTF8.self).contains("bexc_lookalike"))
            _ = try await sessionGuard.send(
                TransportRequest(
                    method: "GET", url: try #require(URL(string: base + "/v1/status")),
                    headers: [(name: session.header, value: redacted), (name: "X-Other", value: redacted)]))
        }
        #expect(seen.value[session.header.lowercased()] == "bexc_issued")
        #expect(seen.value["x-other"] == redacted)
    }

    /// A server that repeats the token it got, in an error's message, hands the app `<redacted>`:
    /// the token never leaves the guard, not even through an answer.
    @Test func aTokenTheServerRepeatsIsRedactedBeforeTheAppSeesTheAnswer() async throws {
        let session = try #require(BKMExpress.wireSessions.first)
        let responder: MockHTTPServer.Responder = { request in
            let json =
                request.path == "/v1/sessions"
                ? #"{"result": "ok", "data": {"connectionToken": "bexc_issued_42"}}"#
                : #"{"result": "fail", "code": 1002, "message": "session bexc_issued_42 expired"}"#
            return MockResponse(
                status: request.path == "/v1/sessions" ? 200 : 401, headers: ["content-type": "application/json"],
                body: Data(json.utf8))
        }
        try await withMockServer(responder: responder) { server in
            let sessionGuard = BKMExpress.SessionGuard(
                transport: BKMExpress.WireTransport(), home: server.baseURL, gsm: "5000000004")
            let base = server.baseURL.absoluteString
            _ = try await sessionGuard.send(
                TransportRequest(method: "POST", url: try #require(URL(string: base + "/v1/sessions")), body: Data()))
            let answer = try await sessionGuard.send(
                TransportRequest(
                    method: "GET", url: try #require(URL(string: base + "/v1/status")),
                    headers: [(name: session.header, value: redacted)]))
            #expect(
                String(decoding: answer.body, as: UTF8.self)
                    == #"{"result": "fail", "code": 1002, "message": "session <redacted> expired"}"#)
        }
    }

    /// The phone number is masked in the message of every answer, whatever its transport, and
    /// nowhere else: a success answer's data keeps what the server sent.
    @Test func thePhoneNumberIsMaskedInAnAnswersMessageOnly() async throws {
        let responder: MockHTTPServer.Responder = { request in
            let json =
                request.path == "/v1/fail"
                ? #"{"result": "fail", "code": 1202, "message": "5000000004 numaralı hat kapalı."}"#
                : #"{"result": "ok", "data": {"reference": "5000000004"}}"#
            return MockResponse(status: 200, headers: ["content-type": "application/json"], body: Data(json.utf8))
        }
        try await withMockServer(responder: responder) { server in
            let sessionGuard = BKMExpress.SessionGuard(
                transport: URLSessionHTTPTransport(), home: server.baseURL, gsm: "5000000004")
            let base = server.baseURL.absoluteString
            let failed = try await sessionGuard.send(
                TransportRequest(method: "GET", url: try #require(URL(string: base + "/v1/fail"))))
            let message = try #require(
                (try JSONSerialization.jsonObject(with: failed.body) as? [String: Any])?["message"] as? String)
            #expect(message == "500•••••04 numaralı hat kapalı.")
            let succeeded = try await sessionGuard.send(
                TransportRequest(method: "GET", url: try #require(URL(string: base + "/v1/ok"))))
            #expect(
                String(decoding: succeeded.body, as: UTF8.self)
                    == #"{"result": "ok", "data": {"reference": "5000000004"}}"#)
        }
    }
}
