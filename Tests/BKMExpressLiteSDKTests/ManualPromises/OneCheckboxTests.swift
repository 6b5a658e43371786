import BKMExpressLiteMock
import BKMExpressLiteSDK
import Foundation
import SpecsmithTesting
import Testing

/// Manual section 5.1.1: one agreement checkbox in the view hierarchy. A second view that attaches
/// to the same consent is a duplicate: it is reported, and it cannot change the consent.
@Suite struct OneCheckboxTests {
    @Test func aSecondCheckboxViewIsReportedAndTheFirstStaysPrimary() async throws {
        try await MockFixture.with { fixture in
            let api = try await fixture.session(gsm: BKMExpressTestData.linkedGSM)
            let reports = Recorder<[Int]>([])
            api.agreementCheckbox.onDuplicateView { count in reports.update { $0.append(count) } }
            #expect(api.agreementCheckbox.attachView() == .primary)
            #expect(api.agreementCheckbox.attachView() == .duplicate)
            #expect(api.agreementCheckbox.viewCount == 2)
            #expect(reports.value == [2])
            api.agreementCheckbox.detachView()
            api.agreementCheckbox.detachView()
            #expect(api.agreementCheckbox.viewCount == 0)
            // Once the screen's checkbox is gone, the next screen's is primary again.
            #expect(api.agreementCheckbox.attachView() == .primary)
            #expect(reports.value == [2])
        }
    }

    @Test func detachingMoreThanWasAttachedNeverGoesBelowZero() async throws {
        try await MockFixture.with { fixture in
            let api = try await fixture.session(gsm: BKMExpressTestData.linkedGSM)
            api.agreementCheckbox.detachView()
            #expect(api.agreementCheckbox.viewCount == 0)
            #expect(api.agreementCheckbox.attachView() == .primary)
        }
    }
}
