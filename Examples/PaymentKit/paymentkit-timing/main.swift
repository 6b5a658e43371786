// How long a card payment takes against the in-process mock, for Benchmarks/RESULTS.md: the median of 100
// frictionless payments and of 100 with an approved challenge. Build it in release:
// `swift run -c release paymentkit-timing`.
import Dispatch
import ExampleNarration
import Foundation
import PaymentKit
import PaymentKitBackend
import PaymentKitMock
import PaymentKitTesting
import PaymentKitTour

let stage = try await PaymentKitStage.start()
let kit = PaymentKit(configuration: stage.configuration())
let gateway = PaymentKitAPI.BackendClient(
    environment: .custom(api: stage.mock.baseURL, checkoutAPI: stage.mock.baseURL, checkout: stage.mock.baseURL),
    merchantKey: PaymentKitTestData.merchantKey)

/// Milliseconds per payment of `number`, each on a fresh payment; the first (key fetch, connections) is left out.
func measure(_ number: String, presenter: HeadlessChallengePresenter, runs: Int = 100) async throws -> [Double] {
    var times: [Double] = []
    for run in 0...runs {
        let payment = try await gateway.createPayment(
            .init(amount: try .init(validating: 10), currency: .EUR, orderReference: "TIMING-\(run)"))
        let request = CardPaymentRequest(
            paymentId: payment.paymentID.rawValue, verificationKey: payment.verificationKey)
        let start = DispatchTime.now().uptimeNanoseconds
        let result = await kit.startCardPayment(request, card: CardFormExample.card(number: number), from: presenter)
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000
        guard result.outcome == .succeeded else { throw ExampleError("run \(run): \(result.outcome)") }
        if run > 0 { times.append(elapsed) }
    }
    return times.sorted()
}

func report(_ name: String, _ times: [Double]) {
    let median = (times[times.count / 2 - 1] + times[times.count / 2]) / 2
    print(
        String(
            format: "%@: median %.1f ms [min %.1f – max %.1f] over %d payments", name, median, times.first!,
            times.last!, times.count))
}

report("frictionless", try await measure(PaymentKitTestCards.frictionless, presenter: .approve))
report("challenge (approved)", try await measure(PaymentKitTestCards.challenge, presenter: .approve))
await stage.stop()
