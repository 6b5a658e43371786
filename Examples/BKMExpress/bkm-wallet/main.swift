import BKMExpressTour
import Foundation

exit(await runExample("wallet status and linking") { try await WalletExample.run($0) })
