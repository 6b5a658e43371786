import BKMExpressTour
import Foundation

exit(await runExample("merchant backend") { try await MerchantBackendExample.run($0) })
