import BKMExpressLiteMock
import BKMExpressLiteSDK
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Manual section 7.5: 3-D Secure ends on a page that exists, and no URL is invented.
@Suite struct ThreeDSecureEndTests {
    @Test func unsetURLsAreLeftOffTheWireAndTheMockEndsOnItsOwnResultPage() async throws {
        try await MockFixture.with { fixture in
            let api = try await fixture.session(gsm: BKMExpressTestData.linkedGSM)
            guard case let .tds(tds) = try await fixture.pay(api, .tds, orderID: "TDS-1") else {
                Issue.record("expected .tds")
                return
            }
            let sent = try #require(fixture.mock.service.journal.first { $0.operation == "startPayment" })
            #expect(!sent.body.contains("successUrl") && !sent.body.contains("failUrl"))
            let landing = try #require(
                try await BKMExpressMockServer.completeThreeDSecure(at: tds.tdsURL, approve: true))
            #expect(landing == fixture.resultPage(approved: true, token: tds.paymentToken))
            let (page, response) = try await URLSession(configuration: .ephemeral).data(from: landing)
            #expect((response as? HTTPURLResponse)?.statusCode == 200)
            #expect(String(decoding: page, as: UTF8.self).contains("<h1 id=\"status\">Ödeme onaylandı</h1>"))
            #expect(try await api.controlPayment(token: tds.paymentToken).success)
        }
    }

    @Test func theMerchantsOwnURLsAreWhere3DSecureEnds() async throws {
        try await MockFixture.with { fixture in
            let api = try await fixture.session(gsm: BKMExpressTestData.linkedGSM)
            let success = URL(string: "https://shop.example/bkm/success")!
            let fail = URL(string: "https://shop.example/bkm/fail")!
            guard
                case let .tds(tds) = try await fixture.pay(
                    api, .tds, orderID: "TDS-2", successUrl: success, failUrl: fail)
            else {
                Issue.record("expected .tds")
                return
            }
            #expect(try await BKMExpressMockServer.completeThreeDSecure(at: tds.tdsURL, approve: false) == fail)
            #expect(try await !api.controlPayment(token: tds.paymentToken).success)
        }
    }
}
