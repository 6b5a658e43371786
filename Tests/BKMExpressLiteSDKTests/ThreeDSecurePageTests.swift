import BKMExpressLiteMock
import BKMExpressLiteSDK
import Foundation
import SpecsmithTesting
import Testing

/// TESTBANK's 3-D Secure pages as a customer's phone gets them, over loopback.
@Suite struct ThreeDSecurePageTests {
    func tds(_ fixture: MockFixture, orderID: String, amount: Decimal) async throws -> BKMExpress.TDSInfo {
        let api = try await fixture.session(gsm: BKMExpressTestData.linkedGSM)
        return try requireCase(try await fixture.pay(api, .tds, orderID: orderID, amount: amount), "tds") {
            if case let .tds(info) = $0 { info } else { nil }
        }
    }

    @Test func theIssuerPageShowsTheAmountInItsCurrencyAndOnlyTheMaskedCard() async throws {
        try await MockFixture.with { fixture in
            let info = try await tds(fixture, orderID: "PAGE-1", amount: Decimal(string: "10.5")!)
            let page = try await PageBrowser.load(info.tdsURL, form: ["paymentToken": info.paymentToken.rawValue])
            #expect(page.html.contains(#"<h1>TESTBANK 3-D Secure</h1>"#))
            #expect(PageMarkup.text(ofID: "amount", in: page.html) == "10.50 TRY")
            #expect(PageMarkup.text(ofID: "card", in: page.html) == "Kart: 450803******4509")
            #expect(!page.html.contains(BKMExpressTestData.salaryCard))
            #expect(PageMarkup.text(ofID: "approve", in: page.html) == "Onayla")
            #expect(PageMarkup.text(ofID: "deny", in: page.html) == "Reddet")
            #expect(page.html.contains(#"name="viewport""#) && page.html.contains(#"id="test-page-marker""#))
            #expect(info.htmlForm.contains(#"name="viewport""#) && info.htmlForm.contains("<noscript><button"))
        }
    }

    @Test(arguments: [
        ("PAGE-2", false, "3-D Secure doğrulaması reddedildi. Kartınızdan ödeme alınmadı."),
        ("DECLINE-PAGE", true, "Bankanız ödemeyi onaylamadı. Başka bir kartla deneyebilirsiniz."),
    ])
    func aDeclinedPaymentsResultPageSaysWhy(_ orderID: String, _ approve: Bool, _ message: String) async throws {
        try await MockFixture.with { fixture in
            let info = try await tds(fixture, orderID: orderID, amount: 25)
            let landing = try #require(
                try await BKMExpressMockServer.completeThreeDSecure(at: info.tdsURL, approve: approve))
            let page = try await PageBrowser.load(landing)
            #expect(page.status == 200)
            #expect(page.html.contains(#"<h1 id="status">Ödeme reddedildi</h1>"#))
            #expect(page.html.contains(#"<p id="error" class="message refusal" role="alert">\#(message)</p>"#))
            #expect(PageMarkup.text(ofID: "amount", in: page.html) == "25.00 TRY")
            #expect(PageMarkup.text(ofID: "paymentToken", in: page.html) == info.paymentToken.rawValue)
        }
    }

    @Test func anApprovedPaymentsResultPageSaysSo() async throws {
        try await MockFixture.with { fixture in
            let info = try await tds(fixture, orderID: "PAGE-3", amount: 1000)
            let landing = try #require(
                try await BKMExpressMockServer.completeThreeDSecure(at: info.tdsURL, approve: true))
            let page = try await PageBrowser.load(landing)
            #expect(page.html.contains(#"<h1 id="status">Ödeme onaylandı</h1>"#))
            #expect(PageMarkup.text(ofID: "amount", in: page.html) == "1000.00 TRY")
        }
    }
}
