// check: not in 6
// OpenNotification's manual (opennotification-ios-sdk.tr.txt, §3 and "Sessiz push'lar"), its
// AppDelegate as written there. Type-checked against the Apple interfaces by
// AppleInterfaces/check.sh; never run. `Router` and `Sync` are the app's own.
// Swift 5 code, as the manual writes it: in Swift 6 mode a main-actor AppDelegate cannot conform
// to UNUserNotificationCenterDelegate, whose requirements Apple declares nonisolated, without
// `@preconcurrency`.
import UIKit
import UserNotifications
import OpenNotification

enum Router {
    static func open(_ url: String?, data: [String: Any]) {}
}

enum Sync {
    static func run(_ data: [String: Any]) {}
}

@main
class AppDelegate: UIResponder, UIApplicationDelegate, UNUserNotificationCenterDelegate {

  func application(_ app: UIApplication,
                   didFinishLaunchingWithOptions options: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
    OpenNotification.shared.configure(endpoint: "https://push.example.com", appKey: "pk_live_…")

    OpenNotification.shared.onOpen = { message in
      Router.open(message.url, data: message.data)     // derin bağlantı, actionId, data
    }
    OpenNotification.shared.onReceive = { message in
      // uygulama ön plandayken push geldi
      if message.silent { Sync.run(message.data) }
    }

    // Uygulamayı başlatan basış (soğuk başlatma) — onOpen'a yeniden oynatılır.
    OpenNotification.shared.handleLaunch(userInfo: options?[.remoteNotification] as? [AnyHashable: Any])

    UNUserNotificationCenter.current().delegate = self
    return true
  }

  // APNs token verdi → SDK cihazı kaydeder
  func application(_ app: UIApplication,
                   didRegisterForRemoteNotificationsWithDeviceToken token: Data) {
    OpenNotification.shared.didRegister(deviceToken: token)
  }

  func application(_ app: UIApplication, didReceiveRemoteNotification userInfo: [AnyHashable: Any],
                   fetchCompletionHandler done: @escaping (UIBackgroundFetchResult) -> Void) {
    OpenNotification.shared.didReceiveBackground(userInfo: userInfo) { _ in done(.newData) }
  }

  // Kullanıcı bildirime ya da butonlarından birine bastı
  func userNotificationCenter(_ c: UNUserNotificationCenter,
                              didReceive r: UNNotificationResponse,
                              withCompletionHandler done: @escaping () -> Void) {
    OpenNotification.shared.didReceive(response: r)
    done()
  }

  // Uygulama ön plandayken banner göster
  func userNotificationCenter(_ c: UNUserNotificationCenter,
                              willPresent n: UNNotification,
                              withCompletionHandler done: @escaping (UNNotificationPresentationOptions) -> Void) {
    OpenNotification.shared.willPresent(notification: n)
    done([.banner, .sound, .badge])
  }

  // 4 İzin iste — from a screen that says why, not at first launch.
  func askPermission() {
    OpenNotification.shared.requestPermission { granted in
      // granted → SDK registerForRemoteNotifications() çağırır
    }
  }
}
