// The whole tour of OpenNotification against its mock: the app's side, then the backend's.
import Foundation
import OpenNotificationTour

exit(
    await runExample("the OpenNotification tour") { run in
        print("\n══ The app ══")
        try await AppExample.run(run)
        print("\n══ The backend ══")
        try await BackendExample.run(run)
    })
