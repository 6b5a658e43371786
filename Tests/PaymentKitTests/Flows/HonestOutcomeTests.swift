import Foundation
import PaymentKit
import PaymentKitMock
import PaymentKitTesting
import SpecsmithMock
import Testing

/// After the card may have reached the gateway, the SDK says `.failed` only when it knows nothing
/// was charged; a second start of the same payment never fails it; the `async` twins stop when
/// their task is cancelled.
@Suite struct HonestOutcomeTests {
    @Test func aSecondStartForAPaidPaymentIsUnresolvedNotFailed() async throws {
        try await PaymentFixture.with { fixture in
            let request = try await fixture.newPayment()
            let card = PaymentFixture.card(PaymentKitTestCards.frictionless)
            let first = await fixture.kit().startCardPayment(request, card: card, from: .approve)
            let second = await fixture.kit().startCardPayment(request, card: card, from: .approve)
            #expect(first.outcome == .succeeded)
            #expect(second.outcome == .unresolved && second.error == .alreadyProcessed)
            #expect(second.error?.localizedDescription == "This payment has already been processed.")
        }
    }

    @Test func aDoubleTapStartsOnePaymentAndNeverFails() async throws {
        try await PaymentFixture.with { fixture in
            let request = try await fixture.newPayment()
            let card = PaymentFixture.card(PaymentKitTestCards.frictionless)
            let kit = fixture.kit()
            let first = CallbackCounter()
            let second = CallbackCounter()
            kit.startCardPayment(request, card: card, from: .approve, completion: first.callback)
            kit.startCardPayment(request, card: card, from: .approve, completion: second.callback)
            let tapped = await second.first()
            #expect(tapped.outcome == .unresolved && tapped.error == .alreadyInProgress)
            #expect(await first.first().outcome == .succeeded)
            #expect(fixture.mock.service.journal.filter { $0.operation == "createCardSession" }.count == 1)
            #expect(await first.settledCount() == 1)
            #expect(await second.settledCount() == 1)
            // Once the first gave its result the id is free again: the gateway then says it is paid.
            let again = await kit.startCardPayment(request, card: card, from: .approve)
            #expect(again.outcome == .unresolved && again.error == .alreadyProcessed)
        }
    }

    /// The id is freed before the result is delivered, so an app that starts the same payment again
    /// the moment one reports (a retry after the payer closed the page) is never told it is still in
    /// progress. Repeated, because the old order lost only when a thread was preempted in between.
    @Test func aPaymentThatReportedCanBeStartedAgainAtOnce() async throws {
        try await PaymentFixture.with { fixture in
            let kit = fixture.kit()
            for _ in 0..<25 {
                let request = try await fixture.newPayment()
                let card = PaymentFixture.card(PaymentKitTestCards.challenge)
                let closed = await kit.startCardPayment(request, card: card, from: .close)
                #expect(closed.outcome == .cancelled)
                let again = await kit.startCardPayment(request, card: card, from: .close)
                #expect(again.error != .alreadyInProgress)
            }
        }
    }

    @Test func twoAppsPayingOnePaymentChargeItOnce() async throws {
        try await PaymentFixture.with { fixture in
            let request = try await fixture.newPayment()
            let results = await withTaskGroup(of: PaymentResult.self) { group in
                for _ in 0..<4 {
                    group.addTask {
                        await fixture.kit().startCardPayment(
                            request, card: PaymentFixture.card(PaymentKitTestCards.frictionless), from: .approve)
                    }
                }
                return await group.reduce(into: []) { $0.append($1) }
            }
            #expect(results.filter { $0.outcome == .succeeded }.count == 1)
            #expect(results.filter { $0.outcome == .unresolved && $0.error == .alreadyProcessed }.count == 3)
            #expect(fixture.mock.simulator.payment(request.paymentId)?.paymentState == .settled)
        }
    }

    @Test func cancellingTheTaskBeforeTheCardIsSentIsCancelledAndSendsNothing() async throws {
        try await PaymentFixture.with { fixture in
            let hold = HoldingMiddleware("cardEncryptionKey")
            let kit = fixture.kit(clock: ManualDeadlineClock(), middlewares: [hold])
            let request = try await fixture.newPayment()
            let payment = Task {
                await kit.startCardPayment(
                    request, card: PaymentFixture.card(PaymentKitTestCards.frictionless), from: .approve)
            }
            await hold.reached.wait()
            payment.cancel()
            let result = await payment.value
            hold.release.open()
            #expect(result.outcome == .cancelled && result.error == nil)
            #expect(fixture.mock.simulator.payment(request.paymentId)?.paymentState == .initial)
        }
    }

    @Test func cancellingTheTaskDuringTheChallengeAbandonsTheSession() async throws {
        try await PaymentFixture.with { fixture in
            let payer = SilentPayer()
            let kit = fixture.kit(clock: ManualDeadlineClock())
            let request = try await fixture.newPayment()
            let payment = Task {
                await kit.startCardPayment(
                    request, card: PaymentFixture.card(PaymentKitTestCards.challenge), from: payer)
            }
            await payer.presented.wait()
            payment.cancel()
            let result = await payment.value
            #expect(result.outcome == .cancelled && result.sessionId != nil)
            #expect(fixture.mock.simulator.payment(request.paymentId)?.paymentState == .abandoned)
            #expect(payer.dismissals == 1)
        }
    }

    @Test func cancellingTheTaskWhileTheCardIsOnTheWireIsUnresolved() async throws {
        try await PaymentFixture.with { fixture in
            let hold = HoldingMiddleware("createCardSession")
            let kit = fixture.kit(clock: ManualDeadlineClock(), middlewares: [hold])
            let payment = Task {
                await kit.startCardPayment(
                    try await fixture.newPayment(), card: PaymentFixture.card(PaymentKitTestCards.frictionless),
                    from: .approve)
            }
            await hold.reached.wait()
            payment.cancel()
            let result = try await payment.value
            hold.release.open()
            #expect(result.outcome == .unresolved && result.error == .cancelledAfterSending)
        }
    }

    @Test func aTaskCancelledBeforeItStartsSendsNothing() async throws {
        try await PaymentFixture.with { fixture in
            let request = try await fixture.newPayment()
            let kit = fixture.kit(clock: ManualDeadlineClock())
            let journalBefore = fixture.mock.service.journal.count
            let payment = Task {
                withUnsafeCurrentTask { $0?.cancel() }
                return await kit.startCardPayment(
                    request, card: PaymentFixture.card(PaymentKitTestCards.frictionless), from: .approve)
            }
            #expect(await payment.value.outcome == .cancelled)
            #expect(fixture.mock.service.journal.count == journalBefore)
        }
    }
}
