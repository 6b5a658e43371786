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

    @Test func theViewsObserverAndTheAppsHandlerBothHearEveryChange() async throws {
        try await MockFixture.with { fixture in
            let api = try await fixture.session(gsm: BKMExpressTestData.linkedGSM)
            let app = Recorder(0)
            let view = Recorder(0)
            api.agreementCheckbox.onChange { _ in app.update { $0 += 1 } }
            api.agreementCheckbox.onViewChange { _ in view.update { $0 += 1 } }
            api.setAgreementConsent(true)
            api.setAgreementConsent(false)
            #expect(app.value == 2)
            #expect(view.value == 2)
        }
    }

    typealias Box = BKMExpress.AgreementCheckbox

    @Test(arguments: [
        (
            Box.State(isSelected: false, showsError: false), true,
            Box.Look(outline: .border, fill: nil, showsCheckmark: false)
        ),
        (
            Box.State(isSelected: true, showsError: false), true,
            Box.Look(outline: .tint, fill: .tint, showsCheckmark: true)
        ),
        (
            Box.State(isSelected: false, showsError: true), true,
            Box.Look(outline: .error, fill: nil, showsCheckmark: false)
        ),
        (
            Box.State(isSelected: false, showsError: true), false,
            Box.Look(outline: .disabled, fill: nil, showsCheckmark: false)
        ),
        (
            Box.State(isSelected: true, showsError: false), false,
            Box.Look(outline: .disabled, fill: .disabled, showsCheckmark: true)
        ),
    ])
    func eachStateDrawsWithTheManualsColourForIt(state: Box.State, isEnabled: Bool, look: Box.Look) {
        #expect(Box.look(of: state, isEnabled: isEnabled) == look)
    }
}
