import Foundation
import PaymentKitTour

exit(await runPaymentKitExample("the card form with every test card") { try await CardFormExample.run($0) })
