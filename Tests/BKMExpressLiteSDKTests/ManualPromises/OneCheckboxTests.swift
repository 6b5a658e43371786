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
            let (first, firstSlot) = api.agreementCheckbox.attachView()
            let (second, secondSlot) = api.agreementCheckbox.attachView()
            #expect(firstSlot == .primary)
            #expect(secondSlot == .duplicate)
            #expect(api.agreementCheckbox.viewCount == 2)
            #expect(reports.value == [2])
            api.agreementCheckbox.detachView(second)
            api.agreementCheckbox.detachView(first)
            #expect(api.agreementCheckbox.viewCount == 0)
            // Once the screen's checkbox is gone, the next screen's is primary again.
            #expect(api.agreementCheckbox.attachView().1 == .primary)
            #expect(reports.value == [2])
        }
    }

    @Test func whenThePrimaryLeavesTheDuplicateThatStaysTakesOver() async throws {
        try await MockFixture.with { fixture in
            let api = try await fixture.session(gsm: BKMExpressTestData.linkedGSM)
            let promoted = Recorder<[String]>([])
            let (first, _) = api.agreementCheckbox.attachView(onPromotion: { promoted.update { $0.append("first") } })
            let (second, _) = api.agreementCheckbox.attachView(onPromotion: { promoted.update { $0.append("second") } })
            let (third, _) = api.agreementCheckbox.attachView(onPromotion: { promoted.update { $0.append("third") } })
            // A duplicate leaving changes nothing for the others.
            api.agreementCheckbox.detachView(third)
            #expect(promoted.value.isEmpty)
            api.agreementCheckbox.detachView(first)
            #expect(promoted.value == ["second"])
            #expect(api.agreementCheckbox.slot(of: second) == .primary)
            #expect(api.agreementCheckbox.slot(of: first) == nil)
            #expect(api.agreementCheckbox.viewCount == 1)
        }
    }

    @Test func detachingAViewTwiceDoesNothingTheSecondTime() async throws {
        try await MockFixture.with { fixture in
            let api = try await fixture.session(gsm: BKMExpressTestData.linkedGSM)
            let (first, _) = api.agreementCheckbox.attachView()
            let (second, _) = api.agreementCheckbox.attachView()
            api.agreementCheckbox.detachView(second)
            api.agreementCheckbox.detachView(second)
            #expect(api.agreementCheckbox.viewCount == 1)
            #expect(api.agreementCheckbox.slot(of: first) == .primary)
        }
    }

    @Test func everyAttachedViewAndTheAppsHandlerHearEveryChange() async throws {
        try await MockFixture.with { fixture in
            let api = try await fixture.session(gsm: BKMExpressTestData.linkedGSM)
            let app = Recorder(0)
            let views = Recorder<[Bool]>([])
            api.agreementCheckbox.onChange { _ in app.update { $0 += 1 } }
            _ = api.agreementCheckbox.attachView(onChange: { state in views.update { $0.append(state.isSelected) } })
            _ = api.agreementCheckbox.attachView(onChange: { state in views.update { $0.append(state.isSelected) } })
            api.setAgreementConsent(true)
            api.setAgreementConsent(false)
            #expect(app.value == 2)
            #expect(views.value == [true, true, false, false])
        }
    }

    /// The SwiftUI view's binding and the consent: the app's `setAgreementConsent` reaches the
    /// binding, the binding reaches the consent, and a view update still carrying the binding's old
    /// value does not undo a change that has not reached the binding yet.
    @Test func theBindingAndTheConsentFollowEachOtherWithoutUndoingANewerChange() {
        var sync = BindingSync(model: false)
        #expect(sync.bindingHolds(false) == nil)
        // The app calls setAgreementConsent(true). A view update made before that change reached
        // the main actor still carries false: it gives the model nothing.
        #expect(sync.bindingHolds(false) == nil)
        // The change arrives: the binding is written once, and its next update is no change.
        #expect(sync.modelChanged(to: true) == true)
        #expect(sync.bindingHolds(true) == nil)
        // The user's binding changes: it goes to the model once.
        #expect(sync.bindingHolds(false) == false)
        #expect(sync.modelChanged(to: false) == nil)
        // A binding that starts other than the model wins at the first update.
        var fresh = BindingSync(model: true)
        #expect(fresh.bindingHolds(false) == false)
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
