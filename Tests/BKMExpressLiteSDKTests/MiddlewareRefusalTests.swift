import BKMExpressLiteMock
import BKMExpressLiteSDK
import Foundation
import SpecsmithRuntime
import SpecsmithTesting
import Testing

/// An app's middleware that refuses to send (request signing without its key) fails a BKM call
/// with its own kind, in the spec's Turkish wording for a request that could not be sent, and the
/// mock never sees the request.
@Suite struct BKMMiddlewareRefusalTests {
    struct Signer: TransportMiddleware {
        func intercept(
            _ request: TransportRequest, operation: WireOperation,
            next: @Sendable (TransportRequest) async throws(TransportFailure) -> TransportResponse
        ) async throws(TransportFailure) -> TransportResponse {
            throw .refused(by: "Signer", reason: "no signing key in the keychain")
        }
    }

    @Test func aRefusingMiddlewareFailsInitializeWithItsOwnKind() async throws {
        try await MockFixture.with { fixture in
            let context = try fixture.context(gsm: BKMExpressTestData.linkedGSM)
            let error = await failure { () async throws(BKMExpress.Failure) in
                try await BKMExpress.initialize(context: context, middlewares: [Signer()])
            }
            let refused = try #require(error)
            #expect(refused.kind == .refused(by: "Signer"))
            #expect(refused.message == "İstek gönderilemedi. Girdiğiniz bilgileri kontrol edin.")
            #expect(fixture.mock.service.journal.isEmpty)
        }
    }
}
