import Foundation
import SpecsmithMock
@_spi(Generated) import SpecsmithRuntime
import SpecsmithTesting
import Testing

/// A path or query parameter of a sensitive type travels in the URL, which servers repeat in their
/// messages and loggers print: the client's failures and `LoggingMiddleware` hide it as they hide a
/// sensitive body field.
@Suite struct SensitiveParameterTests {
    static let token = "tok_1N3T00LkdIwHu7ix"
    static let operation = WireOperation(
        name: "retrieveToken", method: "GET", host: "api", path: "/v1/tokens/{token}",
        sensitiveParameters: ["token", "card"])

    /// Answers every request with a 404 whose message repeats the path's last segment and the query.
    static let echoing: MockHTTPServer.Responder = { request in
        let token = request.path.split(separator: "/").last.map(String.init) ?? ""
        let card = request.query["card"] ?? ""
        let json = #"{"detail": "No such token: '\#(token)' (card \#(card))"}"#
        return MockResponse(status: 404, headers: ["content-type": "application/json"], body: Data(json.utf8))
    }

    @Test func aTokenInThePathAndACardInTheQueryAreHiddenInTheFailureAndTheLog() async throws {
        try await withMockServer(responder: Self.echoing) { server in
            let lines = Locked<[String]>([])
            let core = ClientCore(
                baseURLs: ["api": server.baseURL.appendingPathComponent("base")], envelope: WireEnvelope(),
                transport: URLSessionHTTPTransport(),
                middlewares: [LoggingMiddleware(log: { line in lines.withLock { $0.append(line) } })], retry: .never)
            do throws(TestFailure) {
                let _: NoContent = try await core.send(
                    Self.operation, path: ["token": Self.token], query: [("card", "4242424242424242")],
                    as: TestFailure.self)
                Issue.record("the unknown token was accepted")
            } catch {
                #expect(
                    error.failure.reason
                        == .rejected(status: 404, message: "No such token: '<redacted>' (card <redacted>)"))
                #expect(!error.failure.description.contains(Self.token))
            }
            #expect(
                lines.withLock { $0 } == [
                    "→ retrieveToken GET /base/v1/tokens/<redacted> [Accept: application/json]",
                    #"← retrieveToken 404 {"detail":"No such token: '<redacted>' (card <redacted>)"}"#,
                ])
        }
    }

    /// The template is matched at the path's end, so a base URL's own segments never shift it, and
    /// a value is read decoded.
    @Test func pathValuesAreReadFromTheTemplatesPlaceInThePath() {
        let operation = WireOperation(
            name: "card", method: "GET", host: "api", path: "/cards/{card}/tokens/{token}",
            sensitiveParameters: ["token"])
        #expect(operation.sensitivePathValues(in: "/api/v2/cards/c_1/tokens/tok%20secret") == ["tok secret"])
        #expect(operation.sensitivePathValues(in: "/tokens/tok") == [])
        #expect(Self.operation.sensitivePathValues(in: "/v1/tokens/\(Self.token)") == [Self.token])
    }

    /// A placeholder may share its segment with text, and a value may hold what the client escapes:
    /// it is found between the text, and hidden in place however the path encodes it.
    @Test func aValueIsHiddenInPlaceWhateverItsSegmentAndEncoding() {
        let file = WireOperation(
            name: "file", method: "GET", host: "api", path: "/files/{name}.json", sensitiveParameters: ["name"])
        #expect(file.sensitivePathValues(in: "/files/s%C3%BCt.json") == ["süt"])
        #expect(file.hidingSensitiveSegments(in: "/api/files/s%C3%BCt.json") == "/api/files/<redacted>.json")
        #expect(file.hidingSensitiveSegments(in: "/files/.json") == "/files/.json")
        #expect(
            Self.operation.hidingSensitiveSegments(in: "/v1/tokens/ab+c%2Fd==/") == "/v1/tokens/<redacted>/")
        // A server that repeats the path as it was sent: the client's own encoding of the value.
        #expect(
            Redaction.hiding(["ab+c/d==", "José"], in: "no /v1/tokens/ab+c%2Fd== for Jos%C3%A9")
                == "no /v1/tokens/<redacted> for <redacted>")
    }

    /// A list in the query, sent as repeated items or as one comma-joined value: each card is found.
    @Test func eachCardOfAListInTheQueryIsFound() {
        let list = WireOperation(
            name: "cards", method: "GET", host: "api", path: "/cards", sensitiveParameters: ["cards"])
        for url in [
            "http://127.0.0.1/cards?cards=4242424242424242&cards=5555555555554444",
            "http://127.0.0.1/cards?cards=4242424242424242,5555555555554444",
        ] {
            let request = TransportRequest(method: .get, url: URL(string: url)!)
            let values = Set(Redaction.sensitiveValues(of: request, for: list))
            #expect(values.isSuperset(of: ["4242424242424242", "5555555555554444"]), "\(url)")
        }
    }
}

/// A transport whose error names the URL it could not reach (as a proxy's or a test double's may)
/// leaves the sensitive path value out of the failure.
@Suite struct SensitiveTransportDetailTests {
    struct NamingTheURL: HTTPTransport {
        func send(_ request: TransportRequest) async throws(TransportFailure) -> TransportResponse {
            throw TransportFailure(.connectionRefused, detail: "could not reach \(request.url.absoluteString)")
        }
    }

    @Test func aTransportErrorThatNamesTheURLShowsTheValueRedacted() async throws {
        let core = ClientCore(
            baseURLs: ["api": URL(string: "http://127.0.0.1:9")!], envelope: WireEnvelope(), transport: NamingTheURL(),
            retry: .never)
        do throws(TestFailure) {
            let _: NoContent = try await core.send(
                SensitiveParameterTests.operation, path: ["token": SensitiveParameterTests.token], as: TestFailure.self)
            Issue.record("a refused connection answered")
        } catch {
            #expect(
                error.failure.description
                    == "retrieveToken failed: transport failure (connectionRefused: could not reach http://127.0.0.1:9/v1/tokens/<redacted>)"
            )
        }
    }
}
