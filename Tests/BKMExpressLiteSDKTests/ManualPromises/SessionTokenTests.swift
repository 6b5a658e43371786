import BKMExpressLiteMock
import BKMExpressLiteSDK
import Foundation
import SpecsmithMock
@_spi(Generated) import SpecsmithRuntime
import SpecsmithTesting
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The session token `initialize` opens is the SDK's alone: app-supplied middlewares and transports
/// never see it, in a request header or in the answer that issues it, and yet every call is
/// authenticated. The mock's tokens begin with `bexc_`.
@Suite struct SessionTokenTests {
    @Test func middlewaresSeeNeitherTheBexConnectionHeaderNorTheIssuedToken() async throws {
        try await MockFixture.with { fixture in
            let seen = Recorder<[String]>([])
            let headers = Recorder<[String]>([])
            let api = try await BKMExpress.initialize(
                context: try fixture.context(gsm: BKMExpressTestData.linkedGSM),
                middlewares: [Spy(seen: seen, sessionHeaders: headers)])
            // Every call still carries the real token on the wire: the mock accepts them all.
            #expect(try await api.checkStatus().isLinked)
            let response = try await fixture.pay(api, .otp, orderID: "TOKEN")
            let otp = try #require(response.paymentOTP)
            let token = try await otp.verify(code: BKMExpressTestData.otpCode)
            _ = try await api.controlPayment(token: token)
            #expect(seen.value.count == 5 * 2)
            for text in seen.value { #expect(!text.contains("bexc_"), "\(text)") }
            #expect(headers.value == Array(repeating: redacted, count: 4))
            #expect(seen.value[1].contains(#""connectionToken":"<redacted>""#), "\(seen.value[1])")
        }
    }

    @Test func aCustomTransportIsNeverHandedTheToken() async throws {
        try await MockFixture.with { fixture in
            let transport = ForwardingTransport()
            let api = try await BKMExpress.initialize(
                context: try fixture.context(gsm: BKMExpressTestData.linkedGSM), transport: transport)
            let refused = try #require(
                await failure { () async throws(BKMExpress.Failure) in try await api.checkStatus() })
            // The transport read the issued token off the wire itself; the SDK never handed it back.
            let issued = try #require(transport.issuedToken)
            #expect(issued.hasPrefix("bexc_"))
            let sent = try #require(transport.requests.last)
            #expect(sent.header("Bex-Connection") == redacted)
            #expect(transport.requests.allSatisfy { !$0.headers.contains { $0.value.contains(issued) } })
            #expect(refused.kind == .session)
        }
    }

    @Test func theSDKsOwnTransportMadeFromAnAppConfigurationAuthenticates() async throws {
        try await MockFixture.with { fixture in
            let configuration = URLSessionConfiguration.ephemeral
            configuration.timeoutIntervalForRequest = 5
            let api = try await BKMExpress.initialize(
                context: try fixture.context(gsm: BKMExpressTestData.linkedGSM),
                transport: BKMExpress.WireTransport(configuration: configuration))
            #expect(try await api.checkStatus().isLinked)
        }
    }

    @Test func aURLProtocolInTheAppsConfigurationNeverSeesTheSDKsRequests() async throws {
        try await MockFixture.with { fixture in
            let configuration = URLSessionConfiguration.ephemeral
            configuration.protocolClasses = [Snoop.self] + (configuration.protocolClasses ?? [])
            let api = try await BKMExpress.initialize(
                context: try fixture.context(gsm: BKMExpressTestData.linkedGSM),
                transport: BKMExpress.WireTransport(configuration: configuration))
            #expect(try await api.checkStatus().isLinked)
            #expect(Snoop.seen(on: fixture.mock.baseURL).isEmpty)
            // The same configuration in a URLSession of the app's own does reach the protocol.
            let own = URLSession(configuration: configuration)
            defer { own.finishTasksAndInvalidate() }
            _ = try? await own.data(from: fixture.mock.baseURL.appendingPathComponent("v1/wallet/status"))
            #expect(!Snoop.seen(on: fixture.mock.baseURL).isEmpty)
        }
    }

    @Test func theTokenIsNotSentToAHostOtherThanTheSessions() async throws {
        let arrived = Recorder<[[String: String]]>([])
        let refuse: MockHTTPServer.Responder = { request in
            arrived.update { $0.append(request.headers) }
            return MockResponse(status: 401, body: Data(#"{"result": "fail", "code": 1001, "message": ""}"#.utf8))
        }
        try await withMockServer(responder: refuse) { elsewhere in
            try await MockFixture.with { fixture in
                let api = try await BKMExpress.initialize(
                    context: try fixture.context(gsm: BKMExpressTestData.linkedGSM),
                    middlewares: [Redirect(to: elsewhere.baseURL)])
                _ = await failure { () async throws(BKMExpress.Failure) in try await api.checkStatus() }
            }
        }
        let headers = try #require(arrived.value.first)
        #expect(arrived.value.count == 1)
        #expect(headers["bex-connection"] == redacted, "\(headers)")
    }

    /// A URLProtocol an app might add to a configuration to watch requests; it handles none.
    final class Snoop: URLProtocol {
        private static let urls = Locked<[URL]>([])

        /// The requests it was asked about that went to `base`'s port.
        static func seen(on base: URL) -> [URL] { urls.withLock { $0.filter { $0.port == base.port } } }

        override class func canInit(with request: URLRequest) -> Bool {
            if let url = request.url { urls.withLock { $0.append(url) } }
            return false
        }
    }

    /// Records every request's headers and every answer's body, as a logging middleware of the app would.
    struct Spy: TransportMiddleware {
        let seen: Recorder<[String]>
        let sessionHeaders: Recorder<[String]>

        func intercept(
            _ request: TransportRequest, operation: WireOperation,
            next: @Sendable (TransportRequest) async throws(TransportFailure) -> TransportResponse
        ) async throws(TransportFailure) -> TransportResponse {
            seen.update { $0.append(request.headers.map { "\($0.name): \($0.value)" }.joined(separator: "\n")) }
            if let value = request.header("Bex-Connection") { sessionHeaders.update { $0.append(value) } }
            let response = try await next(request)
            seen.update { $0.append(String(decoding: response.body, as: UTF8.self)) }
            return response
        }
    }

    /// Sends checkStatus to another server, as a middleware that meant to steal the token would.
    struct Redirect: TransportMiddleware {
        let base: URL

        init(to base: URL) { self.base = base }

        func intercept(
            _ request: TransportRequest, operation: WireOperation,
            next: @Sendable (TransportRequest) async throws(TransportFailure) -> TransportResponse
        ) async throws(TransportFailure) -> TransportResponse {
            guard operation.name == "checkStatus" else { return try await next(request) }
            var request = request
            request.url = base.appendingPathComponent("v1/wallet/status")
            return try await next(request)
        }
    }

    /// An app's transport that puts requests on the wire itself and records them.
    final class ForwardingTransport: HTTPTransport {
        private let wire = URLSessionHTTPTransport()
        private let state = Locked<(requests: [TransportRequest], issued: String?)>(([], nil))

        var requests: [TransportRequest] { state.withLock { $0.requests } }
        var issuedToken: String? { state.withLock { $0.issued } }

        func send(_ request: TransportRequest) async throws(TransportFailure) -> TransportResponse {
            state.withLock { $0.requests.append(request) }
            let response = try await wire.send(request)
            let answer = (try? JSONSerialization.jsonObject(with: response.body)) as? [String: Any]
            if let token = (answer?["data"] as? [String: Any])?["connectionToken"] as? String {
                state.withLock { $0.issued = token }
            }
            return response
        }
    }
}

extension BKMExpress.CheckStatusResponse {
    fileprivate var isLinked: Bool {
        if case .linked = self { return true }
        return false
    }
}

extension BKMExpress.StartPaymentResponse {
    fileprivate var paymentOTP: BKMExpress.PaymentOTP? {
        if case let .otp(otp) = self { return otp }
        return nil
    }
}
