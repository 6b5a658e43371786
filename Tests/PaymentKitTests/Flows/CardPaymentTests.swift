import Foundation
import PaymentKit
import PaymentKitBackend
import PaymentKitMock
import PaymentKitTesting
import SpecsmithMock
import Testing

@Suite struct CardPaymentTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var card: String
        var presenter: @Sendable () -> HeadlessChallengePresenter
        var outcome: PaymentOutcome
        var paymentState: PaymentKitAPI.PaymentState
        var presented: Int
        var testDescription: String
    }

    static let cases: [Case] = [
        Case(
            card: PaymentKitTestCards.frictionless, presenter: { .approve }, outcome: .succeeded,
            paymentState: .settled,
            presented: 0, testDescription: "frictionless"),
        Case(
            card: PaymentKitTestCards.challenge, presenter: { .approve }, outcome: .succeeded, paymentState: .settled,
            presented: 1, testDescription: "challenge approved"),
        Case(
            card: PaymentKitTestCards.challenge, presenter: { .deny }, outcome: .failed, paymentState: .failed,
            presented: 1, testDescription: "challenge denied"),
        Case(
            card: PaymentKitTestCards.challenge, presenter: { .cancelOnPage }, outcome: .cancelled,
            paymentState: .abandoned, presented: 1, testDescription: "cancel on the issuer's page"),
        Case(
            card: PaymentKitTestCards.challenge, presenter: { .close }, outcome: .cancelled, paymentState: .abandoned,
            presented: 1, testDescription: "challenge closed by the payer"),
        Case(
            card: PaymentKitTestCards.declined, presenter: { .approve }, outcome: .failed, paymentState: .failed,
            presented: 0, testDescription: "declined"),
        Case(
            card: PaymentKitTestCards.pendingAfterChallenge, presenter: { .approve }, outcome: .unresolved,
            paymentState: .confirmed3DS, presented: 1, testDescription: "pending after the challenge"),
    ]

    @Test(arguments: cases)
    func eachOutcomeEndToEnd(_ testCase: Case) async throws {
        try await PaymentFixture.with { fixture in
            let request = try await fixture.newPayment()
            let presenter = testCase.presenter()
            let counter = CallbackCounter()
            fixture.kit().startCardPayment(
                request, card: PaymentFixture.card(testCase.card), from: presenter, completion: counter.callback)
            let result = await counter.first()
            #expect(result.outcome == testCase.outcome)
            #expect(result.paymentId == request.paymentId)
            #expect(result.sessionId != nil && result.paymentStatus == nil && result.orderNumber == nil)
            #expect(presenter.presentedPages.count == testCase.presented)
            #expect(presenter.dismissals == testCase.presented)
            let payment = try await fixture.merchant.payment(id: try .init(validating: request.paymentId))
            #expect(payment.paymentState == testCase.paymentState)
            #expect(payment.card?.lastFour == String(testCase.card.suffix(4)))
            let status = try await fixture.kit().paymentStatus(paymentId: request.paymentId)
            #expect(status.paymentState == testCase.paymentState)
            #expect(await counter.settledCount() == 1)
            #expect(counter.allOnMain)
            let printed = fixture.everythingPrinted
            #expect(!printed.contains(testCase.card) && !printed.contains(request.verificationKey))
        }
    }

    @Test func brandNotAcceptedIsItsOwnError() async throws {
        try await PaymentFixture.with { fixture in
            let request = try await fixture.newPayment()
            let result = await fixture.kit().startCardPayment(
                request, card: PaymentFixture.card(PaymentKitTestCards.brandNotAccepted), from: .approve)
            #expect(result.outcome == .failed && result.error == .brandNotAccepted)
            #expect(
                result.error?.localizedDescription
                    == "This shop does not accept this card brand. Please use another card.")
        }
    }

    @Test func invalidInputFailsBeforeAnyNetworkCall() async throws {
        let fixture = try await PaymentFixture.start()
        let request = try await fixture.newPayment()
        let journalBefore = fixture.mock.service.journal.count
        let card = PaymentFixture.card("4111 1111 1111 1112")
        let result = await fixture.kit().startCardPayment(request, card: card, from: .approve)
        #expect(result.outcome == .failed && result.error == .invalidCard(.failedLuhnCheck))
        var missing = fixture.configuration
        missing.checkoutBaseURL = nil
        let unconfigured = await fixture.kit(missing).startCardPayment(
            request, card: PaymentFixture.card(PaymentKitTestCards.frictionless), from: .approve)
        #expect(unconfigured.outcome == .failed)
        guard case .configuration? = unconfigured.error else {
            Issue.record("expected a configuration error, got \(String(describing: unconfigured.error))")
            return
        }
        #expect(fixture.mock.service.journal.count == journalBefore)
        await fixture.stop()
    }

    @Test func theKeyIsCachedAndRefetchedOnceAfterRotation() async throws {
        try await PaymentFixture.with { fixture in
            let kit = fixture.kit()
            let first = await kit.startCardPayment(
                try await fixture.newPayment("A"), card: PaymentFixture.card(PaymentKitTestCards.frictionless),
                from: .approve)
            let second = await kit.startCardPayment(
                try await fixture.newPayment("B"), card: PaymentFixture.card(PaymentKitTestCards.frictionless),
                from: .approve)
            try fixture.mock.simulator.rotateCardKey()
            let third = await kit.startCardPayment(
                try await fixture.newPayment("C"), card: PaymentFixture.card(PaymentKitTestCards.frictionless),
                from: .approve)
            #expect([first, second, third].map(\.outcome) == [.succeeded, .succeeded, .succeeded])
            let operations = fixture.mock.service.journal.compactMap(\.operation).filter {
                $0 == "cardEncryptionKey" || $0 == "createCardSession"
            }
            #expect(
                operations == [
                    "cardEncryptionKey", "createCardSession", "createCardSession", "createCardSession",
                    "cardEncryptionKey",
                    "createCardSession",
                ])
        }
    }

    @Test func theSamePaymentCanBePaidOnTheHostedPageAfterACancelledCardAttempt() async throws {
        try await PaymentFixture.with { fixture in
            let request = try await fixture.newPayment()
            let kit = fixture.kit()
            let cancelled = await kit.startCardPayment(
                request, card: PaymentFixture.card(PaymentKitTestCards.challenge), from: .close)
            #expect(cancelled.outcome == .cancelled)
            let hosted = await kit.startPayment(
                request, from: HostedCheckoutTests.payer(PaymentKitTestCards.frictionless))
            #expect(hosted.outcome == .succeeded && hosted.paymentStatus == .settled)
        }
    }
}
