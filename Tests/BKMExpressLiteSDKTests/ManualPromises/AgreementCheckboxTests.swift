import BKMExpressLiteMock
import BKMExpressLiteSDK
import Foundation
import SpecsmithTesting
import Testing

/// Manual section 5.1: one checkbox, a change event, an error look for 36, consent per session.
@Suite struct AgreementCheckboxTests {
    @Test func aMissedMandatoryAgreementShowsTheErrorUntilTheBoxIsTicked() async throws {
        try await MockFixture.with { fixture in
            let api = try await fixture.session(gsm: BKMExpressTestData.linkedGSM)
            let changes = Recorder<[BKMExpress.AgreementCheckbox.State]>([])
            api.agreementCheckbox.onChange { state in changes.update { $0.append(state) } }
            let context = BKMExpress.StoreCardContext(
                number: try fixture.card(BKMExpressTestData.addedAtOnceCard, for: api), expiryDate: MockFixture.expiry)
            let missed = try #require(
                await failure { () async throws(BKMExpress.Failure) in try await api.storeCard(context: context) })
            #expect(missed.code == .missedMandatoryAgreement)
            #expect(api.agreementCheckbox.showsError)
            #expect(api.pendingAgreements().map(\.code) == ["TERMS_OF_USE", "KVKK"])

            api.agreementCheckbox.isSelected = true
            #expect(!api.agreementCheckbox.showsError)
            #expect(
                changes.value == [
                    .init(isSelected: false, showsError: true), .init(isSelected: true, showsError: false),
                ])
            guard case .added = try await api.storeCard(context: context) else {
                Issue.record("expected .added")
                return
            }
            #expect(api.pendingAgreements().isEmpty)
        }
    }

    @Test func consentBelongsToOneSession() async throws {
        try await MockFixture.with { fixture in
            let first = try await fixture.session(gsm: BKMExpressTestData.linkedGSM, consent: true)
            let second = try await fixture.session(gsm: BKMExpressTestData.linkedGSM)
            #expect(first.agreementCheckbox.isSelected)
            #expect(!second.agreementCheckbox.isSelected)
            let missed = await failure { () async throws(BKMExpress.Failure) in
                try await second.storeCard(
                    context: .init(
                        number: try! fixture.card(BKMExpressTestData.addedAtOnceCard, for: second),
                        expiryDate: MockFixture.expiry))
            }
            #expect(missed?.code == .missedMandatoryAgreement)
            #expect(second.pendingAgreements().count == 2)
        }
    }
}
