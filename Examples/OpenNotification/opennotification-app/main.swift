// The app's side of OpenNotification against the mock: registration, identity, taps, cold start, silent push.
import Foundation
import OpenNotificationTour

exit(await runExample("the OpenNotification app example") { run in try await AppExample.run(run) })
