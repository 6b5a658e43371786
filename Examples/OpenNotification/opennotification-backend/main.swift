// The backend's side of OpenNotification against the mock: send by external id and tag, read the counts.
import Foundation
import OpenNotificationTour

exit(await runExample("the OpenNotification backend example") { run in try await BackendExample.run(run) })
