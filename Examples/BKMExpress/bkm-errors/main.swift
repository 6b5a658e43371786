import BKMExpressTour
import Foundation

exit(await runExample("error handling") { try await CardsExample.run($0) })
