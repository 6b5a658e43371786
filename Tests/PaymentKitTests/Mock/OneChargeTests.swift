import Foundation
import PaymentKit
import PaymentKitMock
import PaymentKitTesting
import SpecsmithMock
import SpecsmithRuntime
import Testing

/// The mock charges a payment at most once, so a double-submit bug in an SDK cannot pass against
/// it, and a reset at any moment answers "not found" instead of crashing it.
@Suite struct OneChargeTests {
    @Test func aSecondCardSessionWhileTheFirstIsOpenIsRefused() async throws {
        try await PaymentFixture.with { fixture in
            let request = try await fixture.newPayment()
            // The first attempt has its session and is about to authenticate.
            let hold = HoldingMiddleware("authenticate")
            let first = Task {
                await fixture.kit(clock: ManualDeadlineClock(), middlewares: [hold]).startCardPayment(
                    request, card: PaymentFixture.card(PaymentKitTestCards.frictionless), from: .approve)
            }
            await hold.reached.wait()
            let second = await fixture.kit().startCardPayment(
                request, card: PaymentFixture.card(PaymentKitTestCards.frictionless), from: .approve)
            hold.release.open()
            #expect(second.outcome == .unresolved && second.error == .alreadyProcessed)
            #expect(await first.value.outcome == .succeeded)
            let authenticated = fixture.mock.service.journal.filter { $0.operation == "authenticate" }
            #expect(authenticated.count == 1)
            #expect(fixture.mock.simulator.payment(request.paymentId)?.paymentState == .settled)
        }
    }

    @Test func aPaymentCanBePaidAgainAfterItsSessionWasAbandoned() async throws {
        try await PaymentFixture.with { fixture in
            let request = try await fixture.newPayment()
            let kit = fixture.kit()
            let closed = await kit.startCardPayment(
                request, card: PaymentFixture.card(PaymentKitTestCards.challenge), from: .close)
            let paid = await kit.startCardPayment(
                request, card: PaymentFixture.card(PaymentKitTestCards.frictionless), from: .approve)
            #expect(closed.outcome == .cancelled && paid.outcome == .succeeded)
        }
    }

    /// Calls on a session race a reset: each call either sees the session or "not found". (Before
    /// the fix a call that found the session, then lost it to the reset, force-unwrapped the missing session
    /// and crashed the process; the window is small, so the test runs many rounds.)
    @Test func aResetDuringSessionCallsNeverCrashesTheMock() async throws {
        try await PaymentFixture.with { fixture in
            let simulator = fixture.mock.simulator
            for _ in 0..<8 {
                let hold = HoldingMiddleware("authenticate")
                let payment = Task {
                    await fixture.kit(clock: ManualDeadlineClock(), middlewares: [hold]).startCardPayment(
                        try await fixture.newPayment(), card: PaymentFixture.card(PaymentKitTestCards.challenge),
                        from: .approve)
                }
                await hold.reached.wait()
                let held = try #require(hold.held.value)
                let id = try PaymentKitAPI.CardSessionID(
                    validating: held.url.deletingLastPathComponent().lastPathComponent)
                let context = MockRequest(
                    method: "POST", path: held.url.path, headers: ["Authorization": held.header("Authorization") ?? ""])
                let answers = await withTaskGroup(of: [ErrorCodeValue].self) { group in
                    for _ in 0..<2 {
                        group.addTask {
                            var codes: [ErrorCodeValue] = []
                            for turn in 0..<400 {
                                do throws(MockFailure) {
                                    _ =
                                        try await turn.isMultiple(of: 2)
                                        ? simulator.cancelCardSession(id: id, context: context)
                                        : simulator.challengeResult(id: id, context: context)
                                    codes.append(0)
                                } catch {
                                    codes.append(error.code ?? -1)
                                }
                            }
                            return codes
                        }
                    }
                    group.addTask {
                        simulator.reset()
                        return []
                    }
                    return await group.reduce(into: []) { $0 += $1 }
                }
                hold.release.open()
                _ = try await payment.value
                #expect(answers.allSatisfy { $0 == 0 || $0 == PaymentKitAPI.ErrorCode.cardSessionNotFound.rawValue })
            }
        }
    }
}
