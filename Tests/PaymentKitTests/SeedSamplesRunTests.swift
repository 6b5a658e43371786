import Foundation
import PaymentKit
import PaymentKitMock
import Testing

@Suite struct SeedSamplesRunTests {
    @MainActor @Test func theSeedsCardFormPaysAndShowsTheReceipt() async throws {
        let fixture = try await PaymentFixture.start()
        let payment = try await fixture.newPayment()
        let screen = CardFormViewController(
            number: "5555 5555 5555 4444", payment: payment, mock: fixture.mock.baseURL)
        screen.pay()
        await screen.waitForOutcome()
        #expect(screen.outcome == "receipt \(payment.paymentId)")
        await fixture.stop()
    }

    @MainActor @Test func theSeedsValidationShowsTheNumbersError() async throws {
        let screen = CardFormViewController(
            number: "4111 1111 1111 1112", payment: .init(paymentId: "pay_1", verificationKey: "vk"),
            mock: URL(string: "http://127.0.0.1:1")!)
        screen.pay()
        #expect(screen.numberField.shownError == "The card number is not valid. Check it for typing mistakes.")
        #expect(screen.outcome == nil)
    }
}
