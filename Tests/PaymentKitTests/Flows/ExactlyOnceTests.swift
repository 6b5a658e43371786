import Foundation
import PaymentKit
import PaymentKitMock
import PaymentKitTesting
import SpecsmithMock
import SpecsmithRuntime
import SpecsmithTesting
import Testing

/// One callback, on the main queue, whatever the mock or the presenter does.
@Suite struct ExactlyOnceTests {
    struct Fault: Sendable, CustomTestStringConvertible {
        var operation: String
        var kind: MockFault.Kind
        var card = PaymentKitTestCards.frictionless
        var status = 500
        var code: ErrorCodeValue = 500
        var outcome: PaymentOutcome
        var testDescription: String { "\(kind) \(status) on \(operation) → \(outcome)" }
    }

    /// Before the card is sent a broken answer fails the payment; after, only a definite refusal
    /// (a `4xx`) does: a `5xx` or an unreadable answer may hide a charge.
    static let faults: [Fault] = [
        Fault(operation: "cardEncryptionKey", kind: .error, outcome: .failed),
        Fault(operation: "cardEncryptionKey", kind: .malformedJSON, outcome: .failed),
        Fault(operation: "createCardSession", kind: .error, outcome: .unresolved),
        Fault(operation: "createCardSession", kind: .error, status: 503, code: 5030, outcome: .unresolved),
        Fault(operation: "createCardSession", kind: .error, status: 422, code: 4222, outcome: .failed),
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
            MockFault(
                operation: fault.operation, kind: fault.kind, status: fault.status, code: fault.code,
                message: "injected"))
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

    /// The card session's answer is lost after the gateway took the card: the session carries an
    /// idempotency key, so the client asks again with the same key and the mock answers the session
    /// it made, rather than a second charge or an unresolved payment.
    @Test func aLostCardSessionAnswerIsAskedAgainWithItsKeyAndSucceeds() async throws {
        try await PaymentFixture.with { fixture in
            try fixture.mock.service.inject(MockFault(operation: "createCardSession", kind: .lostAnswer, times: 1))
            let counter = CallbackCounter()
            fixture.kit(fixture.configuration).startCardPayment(
                try await fixture.newPayment(), card: PaymentFixture.card(PaymentKitTestCards.frictionless),
                from: .approve, completion: counter.callback)
            let result = await counter.first()
            #expect(result.outcome == .succeeded)
            let attempts = fixture.mock.service.journal.filter { $0.operation == "createCardSession" }
            #expect(attempts.count == 2)
            let keys = attempts.compactMap { $0.headers["idempotency-key"] }
            #expect(keys.count == 2 && keys[0] == keys[1])
            #expect(await counter.settledCount() == 1)
        }
    }

    @Test func theDeadlineGivesUnresolvedOnceTheCardIsOnTheWire() async throws {
        try await PaymentFixture.with { fixture in
            let clock = ManualDeadlineClock()
            let hold = HoldingMiddleware("createCardSession")
            let counter = CallbackCounter()
            fixture.kit(clock: clock, middlewares: [hold]).startCardPayment(
                try await fixture.newPayment(), card: PaymentFixture.card(PaymentKitTestCards.frictionless),
                from: .approve, completion: counter.callback)
            await hold.reached.wait()
            clock.passDeadlines()
            let result = await counter.first()
            hold.release.open()
            #expect(result.outcome == .unresolved && result.error == .timedOut)
            #expect(await counter.settledCount() == 1)
        }
    }

    @Test func theDeadlineBeforeTheCardIsSentFails() async throws {
        try await PaymentFixture.with { fixture in
            let clock = ManualDeadlineClock()
            let hold = HoldingMiddleware("cardEncryptionKey")
            let counter = CallbackCounter()
            fixture.kit(clock: clock, middlewares: [hold]).startCardPayment(
                try await fixture.newPayment(), card: PaymentFixture.card(PaymentKitTestCards.frictionless),
                from: .approve, completion: counter.callback)
            await hold.reached.wait()
            clock.passDeadlines()
            let result = await counter.first()
            hold.release.open()
            #expect(result.outcome == .failed && result.error == .timedOut && result.sessionId == nil)
            #expect(await counter.settledCount() == 1)
        }
    }

    @Test func aPresenterThatNeverReportsIsDismissedAtTheDeadlineAndTheResultNamesTheSession() async throws {
        try await PaymentFixture.with { fixture in
            let clock = ManualDeadlineClock()
            let payer = SilentPayer()
            let counter = CallbackCounter()
            fixture.kit(clock: clock).startCardPayment(
                try await fixture.newPayment(), card: PaymentFixture.card(PaymentKitTestCards.challenge), from: payer,
                completion: counter.callback)
            await payer.presented.wait()
            clock.passDeadlines()
            let result = await counter.first()
            #expect(result.outcome == .unresolved && result.error == .timedOut)
            let session = try #require(result.sessionId)
            #expect(fixture.mock.simulator.payment(result.paymentId)?.paymentState == .waitingFor3DSResponse)
            #expect(session.hasPrefix("cs_"))
            #expect(payer.dismissals == 1)
            #expect(await counter.settledCount() == 1)
        }
    }

    /// The `from:` view controller is not kept by the SDK once its payment ended. Bounded by the
    /// time limit: a presenter still held never opens the gate.
    @Test(.timeLimit(.minutes(1)))
    func theSDKLetsGoOfThePresenterOnceThePaymentEnded() async throws {
        try await PaymentFixture.with { fixture in
            let released = Gate()
            let counter = CallbackCounter()
            let kit = fixture.kit()
            let request = try await fixture.newPayment()
            do {
                let payer = ReleasedPayer(released: released)
                kit.startCardPayment(
                    request, card: PaymentFixture.card(PaymentKitTestCards.challenge), from: payer,
                    completion: counter.callback)
            }
            #expect(await counter.first().outcome == .succeeded)
            await released.wait()
            withExtendedLifetime(kit) {}
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
