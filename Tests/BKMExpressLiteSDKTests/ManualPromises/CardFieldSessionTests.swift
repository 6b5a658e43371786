import BKMExpressLiteMock
import Foundation
import SpecsmithCrypto
import SpecsmithRuntime
import SpecsmithTesting
import Testing

@testable import BKMExpressLiteSDK

/// Manual section 7.1: the card field is made after `initialize` succeeded, and the number it gives
/// is encrypted with the key of the session its screen sends it with.
///
/// Each test scopes its own registry of sessions, so that sessions other tests open at the same
/// time are not the app's sessions here.
@Suite struct CardFieldSessionTests {
    @Test func aFieldMadeWithoutALiveSessionIsASessionFailureNotACrash() async throws {
        try await BKMExpress.SessionRegistry.$current.withValue(BKMExpress.SessionRegistry()) {
            let refused = try #require(Self.fieldFailure())
            #expect(refused.kind == .session)
            #expect(refused.message == BKMExpress.Failure.messages.session)
            try await MockFixture.with { fixture in
                do {
                    let api = try await fixture.session(gsm: BKMExpressTestData.linkedGSM)
                    let input = try BKMExpress.CardNumberInput()
                    input.replaceText(BKMExpressTestData.salaryCard)
                    #expect(input.isValid)
                    withExtendedLifetime(api) {}
                }
                // The session was let go: a new field has no session to encrypt for.
                #expect(throws: BKMExpress.Failure.self) { try BKMExpress.CardNumberInput() }
            }
        }
    }

    @Test func aFieldWithoutAnAPIEncryptsForItsScreensSessionEvenWhenANewerSessionExists() async throws {
        try await BKMExpress.SessionRegistry.$current.withValue(BKMExpress.SessionRegistry()) {
            try await MockFixture.with { fixture in
                let screen = try await fixture.session(gsm: BKMExpressTestData.linkedGSM, consent: true)
                let newer = try await Self.sessionWithAnotherKey(fixture)
                let input = try BKMExpress.CardNumberInput()
                input.replaceText(BKMExpressTestData.addedAtOnceCard)
                let response = try await screen.storeCard(
                    context: .init(number: try input.cardNumber(), expiryDate: MockFixture.expiry, alias: nil))
                guard case .added = response else {
                    Issue.record("expected .added, got \(response)")
                    return
                }
                withExtendedLifetime(newer) {}
            }
        }
    }

    @Test func aNumberTakenForOneSessionIsRefusedOnTheDeviceByAnother() async throws {
        try await MockFixture.with { fixture in
            let screen = try await fixture.session(gsm: BKMExpressTestData.linkedGSM, consent: true)
            let other = try await Self.sessionWithAnotherKey(fixture)
            let input = BKMExpress.CardNumberInput(api: other)
            input.replaceText(BKMExpressTestData.addedAtOnceCard)
            let number = try input.cardNumber()
            let refused = try #require(
                await failure { () async throws(BKMExpress.Failure) in
                    try await screen.storeCard(
                        context: .init(number: number, expiryDate: MockFixture.expiry, alias: nil))
                })
            #expect(refused.kind == .encryption)
            #expect(refused.detail.contains("another session"))
            #expect(fixture.mock.service.journal.filter { $0.operation == "storeCard" }.isEmpty)
        }
    }

    /// Why a field made now without an API cannot be made, or `nil` when it can.
    static func fieldFailure() -> BKMExpress.Failure? {
        do {
            _ = try BKMExpress.CardNumberInput()
            return nil
        } catch {
            return error
        }
    }

    /// A session whose answer to `initialize` carries a key of its own instead of the mock's, as a
    /// second BKM session may: a number encrypted with it cannot be read by the mock.
    static func sessionWithAnotherKey(_ fixture: MockFixture) async throws -> BKMExpress.API {
        try await BKMExpress.initialize(
            context: try fixture.context(gsm: BKMExpressTestData.linkedGSM),
            middlewares: [KeySwap(publicKey: try anotherKey.get())])
    }

    /// Another fixed key than the mock's, as the SPKI text the mock would hand out.
    static let anotherKey = Result { () throws(CryptoFailure) -> String in
        try TestKeys.rsa(1, keyID: "another").publicKey.der().base64EncodedString()
    }

    /// Replaces the encryption key in the answer to `initialize`.
    struct KeySwap: TransportMiddleware {
        let publicKey: String

        func intercept(
            _ request: TransportRequest, operation: WireOperation,
            next: @Sendable (TransportRequest) async throws(TransportFailure) -> TransportResponse
        ) async throws(TransportFailure) -> TransportResponse {
            var response = try await next(request)
            guard operation.name == "initialize",
                var answer = (try? JSONSerialization.jsonObject(with: response.body)) as? [String: Any],
                var data = answer["data"] as? [String: Any], var key = data["encryptionKey"] as? [String: Any]
            else { return response }
            key["publicKey"] = publicKey
            data["encryptionKey"] = key
            answer["data"] = data
            response.body = (try? JSONSerialization.data(withJSONObject: answer)) ?? response.body
            return response
        }
    }
}
