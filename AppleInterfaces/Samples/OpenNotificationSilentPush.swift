// OpenNotification's manual ("Sessiz push'lar"): the silent-push lines as written there, in an app
// delegate that adopts UIApplicationDelegate alone. Type-checked against the Apple interfaces by
// AppleInterfaces/check.sh in every configuration; never run. `Sync` is the app's own. UIKit's
// fetch completion handler is neither Sendable nor isolated: the SDK tells its completion on the
// main actor, so the manual's closure may call it in Swift 6.
import UIKit
import OpenNotification

enum Sync {
    static func run(_ data: [String: Any]) {}
}

class SilentPushAppDelegate: UIResponder, UIApplicationDelegate {
  func application(_ app: UIApplication, didReceiveRemoteNotification userInfo: [AnyHashable: Any],
                   fetchCompletionHandler done: @escaping (UIBackgroundFetchResult) -> Void) {
    OpenNotification.shared.didReceiveBackground(userInfo: userInfo) { _ in done(.newData) }
  }

  func listen() {
    OpenNotification.shared.onReceive = { message in
      if message.silent { Sync.run(message.data) }
    }
  }
}
