// OpenNotification's manual (§3), its AppDelegate in the nearest form plain Swift 6 takes: the one
// change is `@preconcurrency` on the UNUserNotificationCenterDelegate conformance, whose
// requirements Apple declares nonisolated while UIKit puts an app delegate on the main actor (Swift 5
// and Xcode 26's isolated conformances take the manual's line as written; see
// OpenNotificationAppDelegate.swift). Type-checked by AppleInterfaces/check.sh; never run.
import UIKit
import UserNotifications
import OpenNotification

enum Router6 {
    static func open(_ url: String?, data: [String: Any]) {}
}

enum Sync {
    static func run(_ data: [String: Any]) {}
}

@main
class AppDelegate: UIResponder, UIApplicationDelegate, @preconcurrency UNUserNotificationCenterDelegate {

  func application(_ app: UIApplication,
                   didFinishLaunchingWithOptions options: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
    OpenNotification.shared.configure(endpoint: "https://push.example.com", appKey: "pk_live_…")

    OpenNotification.shared.onOpen = { message in
      Router6.open(message.url, data: message.data)     // derin bağlantı, actionId, data
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
