import BKMExpressTour
import Foundation

exit(await runExample("error handling") { try await ErrorsExample.run($0) })
