import BKMExpressTour
import Foundation

exit(await runExample("adding and deleting cards") { try await CardsExample.run($0) })
