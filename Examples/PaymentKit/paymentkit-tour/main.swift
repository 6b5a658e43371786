// The whole PaymentKit tour against its mock and a merchant backend: every example in order.
import Foundation
import PaymentKitTour

exit(
    await runPaymentKitExample("the PaymentKit tour") { stage in
        for (title, example) in [
            ("Merchant backend", MerchantBackendExample.run), ("Card form", CardFormExample.run),
            ("Hosted checkout", HostedExample.run),
        ] as [(String, @Sendable (PaymentKitStage) async throws -> Void)] {
            print("\n══ \(title) ══")
            try await example(stage)
        }
    })
