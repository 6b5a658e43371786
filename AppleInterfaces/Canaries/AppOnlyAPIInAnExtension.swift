// check: must fail in extension mode
// A canary: the check must refuse app-only API in an app extension, or it proves nothing.
import UIKit

@MainActor func registerFromAnExtension() {
    UIApplication.shared.registerForRemoteNotifications()
}
