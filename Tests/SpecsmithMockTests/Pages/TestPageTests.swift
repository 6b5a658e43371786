import Foundation
import SpecsmithTesting
import Testing

@testable import SpecsmithMock

@Suite struct TestPageTests {
    @Test func aPageFitsAPhoneAndSaysItIsATestPage() {
        let html = TestPage(title: "Pay <now>", body: "<p>x</p>").html
        #expect(html.contains(#"<meta name="viewport" content="width=device-width, initial-scale=1">"#))
        #expect(PageMarkup.text(ofID: "test-page-marker", in: html) == TestPage.Language.english.marker)
        #expect(html.contains("<title>Pay &lt;now&gt;</title>") && html.contains("<h1>Pay &lt;now&gt;</h1>"))
        #expect(html.contains(#"<html lang="en">"#))
    }

    @Test func aPageLoadsNothingAndStaysSmall() {
        let html = TestPage(title: "T", body: "", language: .turkish, headingID: "status").html
        for external in ["<script", "<link", "<img", "src=", "url(", "@import", "http://", "https://"] {
            #expect(!html.contains(external), "\(external)")
        }
        #expect(html.utf8.count < 3_000)
        #expect(html.contains(#"<h1 id="status">T</h1>"#) && html.contains(#"<html lang="tr">"#))
    }

    @Test func theStyleGivesEveryControlATapTargetOfAtLeast44Pixels() {
        for selector in ["input{", "button{"] {
            let rule = TestPage.style.components(separatedBy: selector).dropFirst().first ?? ""
            let height = rule.components(separatedBy: "min-height:").dropFirst().first?.prefix { $0.isNumber }
            #expect(Int(height ?? "") ?? 0 >= 44, "\(selector)")
        }
    }
}
