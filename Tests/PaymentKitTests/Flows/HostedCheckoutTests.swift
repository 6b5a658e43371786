import Foundation
import PaymentKit
import PaymentKitMock
import PaymentKitTesting
import Testing

@Suite struct HostedCheckoutTests {
    /// A payer who fills the hosted form with `number` and, on a challenge, answers `decision`.
    static func payer(_ number: String, decision: String = "approve") -> HeadlessChallengePresenter {
        HeadlessChallengePresenter(actions: [
            .submit([
                "cardholder_name": "Ona Petraitė", "card_number": number, "expiry": "12/39",
                "security_code": CardBrand.detect(number) == .americanExpress ? "1234" : "123", "action": "pay",
            ]),
            .submit(["decision": decision]),
        ])
    }

    @Test(arguments: [
        (PaymentKitTestCards.frictionless, "approve", PaymentOutcome.succeeded, PaymentKitAPI.PaymentState.settled),
        (PaymentKitTestCards.challenge, "approve", .succeeded, .settled),
        (PaymentKitTestCards.challenge, "deny", .failed, .failed),
        (PaymentKitTestCards.declined, "approve", .failed, .failed),
        (PaymentKitTestCards.pendingAfterChallenge, "approve", .unresolved, .confirmed3DS),
    ])
    func hostedOutcomes(
        _ number: String, _ decision: String, _ outcome: PaymentOutcome, _ state: PaymentKitAPI.PaymentState
    )
        async throws
    {
        try await PaymentFixture.with { fixture in
            let request = try await fixture.newPayment()
            let counter = CallbackCounter()
            let presenter = Self.payer(number, decision: decision)
            fixture.kit().startPayment(request, from: presenter, completion: counter.callback)
            let result = await counter.first()
            #expect(result.outcome == outcome)
            #expect(result.paymentStatus == state)
            #expect(result.orderNumber?.isEmpty == false && result.sessionId == nil)
            #expect(presenter.dismissals == 1)
            #expect(await counter.settledCount() == 1)
            #expect(counter.allOnMain)
        }
    }

    @Test func closingOrCancellingTheHostedPageIsCancelled() async throws {
        try await PaymentFixture.with { fixture in
            let closed = await fixture.kit().startPayment(try await fixture.newPayment("A"), from: .close)
            #expect(closed.outcome == .cancelled && closed.paymentStatus == .initial)
            let cancelled = await fixture.kit().startPayment(
                try await fixture.newPayment("B"),
                from: HeadlessChallengePresenter(actions: [.submit(["action": "cancel"])]))
            #expect(cancelled.outcome == .cancelled && cancelled.paymentStatus == .abandoned)
        }
    }

    @Test func aMissingBackendURLFailsBeforeThePageOpens() async throws {
        try await PaymentFixture.with { fixture in
            var configuration = fixture.configuration
            configuration.apiBaseURL = nil
            let presenter = HeadlessChallengePresenter.approve
            let result = await fixture.kit(configuration).startPayment(try await fixture.newPayment(), from: presenter)
            #expect(result.outcome == .failed && presenter.presentedPages.isEmpty)
            #expect(
                result.error?.localizedDescription
                    == "PaymentKit is not configured: apiBaseURL is not set; set it for the sandbox environment.")
            await #expect(throws: PaymentError.self) {
                try await fixture.kit(configuration).paymentStatus(paymentId: "pay_1")
            }
        }
    }
}
