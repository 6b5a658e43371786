import Foundation
import PaymentKitTour

exit(await runPaymentKitExample("the merchant backend") { try await MerchantBackendExample.run($0) })
