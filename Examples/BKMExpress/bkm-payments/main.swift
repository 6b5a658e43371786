import BKMExpressTour
import Foundation

exit(await runExample("payments with .none, .otp and .tds") { try await PaymentsExample.run($0) })
