// The whole tour of the BKM Express SDK against its mock: every example in order.
import BKMExpressTour
import Foundation

exit(
    await runExample("the BKM Express tour") { run in
        for (title, example) in [
            ("Wallet status and linking", WalletExample.run), ("Cards", CardsExample.run),
            ("Payments", PaymentsExample.run), ("Errors", ErrorsExample.run),
            ("Merchant backend", MerchantBackendExample.run),
        ] as [(String, @Sendable (ExampleRun) async throws -> Void)] {
            print("\n══ \(title) ══")
            try await example(run)
        }
    })
