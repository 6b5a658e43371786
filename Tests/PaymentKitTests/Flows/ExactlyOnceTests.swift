import Foundation
import PaymentKit
import PaymentKitMock
import PaymentKitTesting
import SpecsmithMock
import Testing

/// One callback, on the main queue, whatever the mock or the presenter does.
@Suite struct ExactlyOnceTests {
    struct Fault: Sendable, CustomTestStringConvertible {
        var operation: String
        var kind: MockFault.Kind
        var card = PaymentKitTestCards.frictionless
        var outcome: PaymentOutcome
        var testDescription: String { "\(kind) on \(operation) → \(outcome)" }
    }

    /// Before the card is sent a broken answer fails the payment; after, the SDK cannot know.
    static let faults: [Fault] = [
        Fault(operation: "cardEncryptionKey", kind: .error, outcome: .failed),
        Fault(operation: "cardEncryptionKey", kind: .malformedJSON, outcome: .failed),
        Fault(operation: "createCardSession", kind: .error, outcome: .failed),
        Fault(operation: "createCardSession", kind: .reset, outcome: .unresolved),
        Fault(operation: "createCardSession", kind: .truncate, outcome: .unresolved),
        Fault(operation: "createCardSession", kind: .malformedJSON, outcome: .unresolved),
        Fault(operation: "authenticate", kind: .reset, outcome: .unresolved),
        Fault(operation: "authenticate", kind: .error, outcome: .unresolved),
        Fault(operation: "challengeResult", kind: .truncate, card: PaymentKitTestCards.challenge, outcome: .unresolved),
        Fault(operation: "challengeResult", kind: .error, card: PaymentKitTestCards.challenge, outcome: .unresolved),
    ]

    @Test(arguments: faults)
    func oneCallbackUnderEachFault(_ fault: Fault) async throws {
        let fixture = try await PaymentFixture.start()
        let request = try await fixture.newPayment()
        try fixture.mock.service.inject(
            MockFault(operation: fault.operation, kind: fault.kind, status: 500, code: 500, message: "injected"))
        // The fault, not the deadline, must decide: the deadline is far beyond what any of these
        // takes even on a loaded machine, so it cannot win a race it is not meant to run.
        var configuration = fixture.configuration
        configuration.deadline = 60
        let counter = CallbackCounter()
        fixture.kit(configuration).startCardPayment(
            request, card: PaymentFixture.card(fault.card), from: .approve, completion: counter.callback)
        let result = await counter.first()
        #expect(result.outcome == fault.outcome)
        #expect(result.error != nil && result.error != .timedOut)
        await fixture.stop()
        #expect(await counter.settledCount() == 1)
        #expect(counter.allOnMain)
    }

    @Test func theDeadlineGivesUnresolvedOnceTheCardIsSent() async throws {
        let fixture = try await PaymentFixture.start()
        fixture.mock.simulator.slowCardDelay = 1.5
        var configuration = fixture.configuration
        configuration.deadline = 0.75
        let counter = CallbackCounter()
        fixture.kit(configuration).startCardPayment(
            try await fixture.newPayment(), card: PaymentFixture.card(PaymentKitTestCards.slow), from: .approve,
            completion: counter.callback)
        let result = await counter.first()
        #expect(result.error == .timedOut)
        await fixture.stop()  // waits for the slow answer, which the SDK then ignores
        #expect(await counter.settledCount() == 1)
        // Once the gateway received the card, only the backend can tell how it ended. (On a badly
        // loaded machine the deadline may come before the card is sent: then it is a plain failure.)
        let received = fixture.mock.service.journal.contains { $0.operation == "createCardSession" }
        #expect(result.outcome == .unresolved || (!received && result.outcome == .failed))
    }

    @Test func aPresenterThatNeverReportsIsDismissedAtTheDeadline() async throws {
        try await PaymentFixture.with { fixture in
            var configuration = fixture.configuration
            configuration.deadline = 1
            let presenter = HeadlessChallengePresenter(actions: [], quirk: .neverReports)
            let counter = CallbackCounter()
            fixture.kit(configuration).startCardPayment(
                try await fixture.newPayment(), card: PaymentFixture.card(PaymentKitTestCards.challenge),
                from: presenter,
                completion: counter.callback)
            let result = await counter.first()
            #expect(result.outcome == .unresolved && result.error == .timedOut)
            // Under load the deadline may come before the challenge: what was shown is dismissed, nothing more.
            #expect(presenter.dismissals == presenter.presentedPages.count)
            #expect(await counter.settledCount() == 1)
        }
    }

    @Test func aPresenterThatReportsTwiceGivesOneResult() async throws {
        try await PaymentFixture.with { fixture in
            let presenter = HeadlessChallengePresenter(
                actions: [.submit(["decision": "approve"])], quirk: .reportsTwice)
            let counter = CallbackCounter()
            fixture.kit().startCardPayment(
                try await fixture.newPayment(), card: PaymentFixture.card(PaymentKitTestCards.challenge),
                from: presenter,
                completion: counter.callback)
            #expect(await counter.first().outcome == .succeeded)
            #expect(await counter.settledCount() == 1)
            #expect(presenter.dismissals == 1)
        }
    }

    @Test func releasingPaymentKitMidFlowStillGivesTheResult() async throws {
        try await PaymentFixture.with { fixture in
            let counter = CallbackCounter()
            let request = try await fixture.newPayment()
            weak var released: PaymentKit?
            do {
                let kit = fixture.kit()
                released = kit
                kit.startCardPayment(
                    request, card: PaymentFixture.card(PaymentKitTestCards.challenge), from: .approve,
                    completion: counter.callback)
            }
            #expect(released == nil)
            #expect(await counter.first().outcome == .succeeded)
            #expect(await counter.settledCount() == 1)
        }
    }

    @Test func aStuckPaymentNeverBlocksTheNext() async throws {
        try await PaymentFixture.with { fixture in
            let kit = fixture.kit()
            let stuck = CallbackCounter()
            kit.startCardPayment(
                try await fixture.newPayment("STUCK"), card: PaymentFixture.card(PaymentKitTestCards.challenge),
                from: HeadlessChallengePresenter(actions: [], quirk: .neverReports), completion: stuck.callback)
            let next = await kit.startCardPayment(
                try await fixture.newPayment("NEXT"), card: PaymentFixture.card(PaymentKitTestCards.frictionless),
                from: .approve)
            #expect(next.outcome == .succeeded)
            #expect(await stuck.settledCount() == 0)
        }
    }

    @Test func cancelAfterTheIssuerApprovedIsUnresolved() async throws {
        try await PaymentFixture.with { fixture in
            // The payer approves, and the page is closed before the SDK sees the return page.
            let presenter = HeadlessChallengePresenter(actions: [.submit(["decision": "approve"]), .close])
            let request = try await fixture.newPayment()
            let result = await fixture.kit().startCardPayment(
                request, card: PaymentFixture.card(PaymentKitTestCards.challenge), from: ClosingPresenter(presenter))
            #expect(result.outcome == .unresolved)
            #expect(result.error?.localizedDescription == "The payment can no longer be cancelled.")
        }
    }
}

/// Plays the page through, then reports that the payer closed it.
struct ClosingPresenter: ChallengePresenter {
    let inner: HeadlessChallengePresenter
    init(_ inner: HeadlessChallengePresenter) { self.inner = inner }

    func present(_ page: PagePresentation, completion: @escaping @Sendable (PageResult) -> Void) {
        inner.present(page) { _ in completion(.closed) }
    }

    func dismiss(completion: @escaping @Sendable () -> Void) { inner.dismiss(completion: completion) }
}
