import Foundation
import PaymentKitTour

exit(await runPaymentKitExample("hosted checkout") { try await HostedExample.run($0) })
