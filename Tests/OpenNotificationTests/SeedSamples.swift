// The manual's own code samples, as written there, with Linux stand-ins for the UIKit and
// UserNotifications types (NotificationResponse for UNNotificationResponse, ReceivedNotification for
// UNNotification, a FetchResult for UIBackgroundFetchResult): this file compiling is the check that
// the SDK keeps the manual's names and shapes. Only the app's own functions are stubbed. It uses
// `OpenNotification.shared`, so it is compiled, not run; the examples run the same flow.
import Foundation
import OpenNotification

// MARK: - The app's own code, stubbed

enum Router {
    static func open(_ url: String?, data: [String: String]) {}
}

enum Sync {
    static func run(_ data: [String: String]) {}
}

enum FetchResult {
    case newData, noData, failed
}

enum PresentationOption {
    case banner, sound, badge
}

// MARK: - 3 AppDelegate

/// On the main actor, as UIKit's `UIApplicationDelegate` puts an app delegate.
@MainActor
final class SeedAppDelegate {
    func application(didFinishLaunchingWithOptions options: [String: Any]?) -> Bool {
        OpenNotification.shared.configure(endpoint: "https://push.example.com", appKey: "pk_live_…")

        OpenNotification.shared.onOpen = { message in
            Router.open(message.url, data: message.data)  // derin bağlantı, actionId, data
        }
        OpenNotification.shared.onReceive = { message in
            // uygulama ön plandayken push geldi
        }

        // Uygulamayı başlatan basış (soğuk başlatma) — onOpen'a yeniden oynatılır.
        OpenNotification.shared.handleLaunch(userInfo: options?["remoteNotification"] as? [AnyHashable: Any])
        return true
    }

    // APNs token verdi → SDK cihazı kaydeder
    func application(didRegisterForRemoteNotificationsWithDeviceToken token: Data) {
        OpenNotification.shared.didRegister(deviceToken: token)
    }

    // Kullanıcı bildirime ya da butonlarından birine bastı
    func userNotificationCenter(didReceive r: NotificationResponse, withCompletionHandler done: @escaping () -> Void) {
        OpenNotification.shared.didReceive(response: r)
        done()
    }

    // Uygulama ön plandayken banner göster
    func userNotificationCenter(
        willPresent n: ReceivedNotification, withCompletionHandler done: @escaping ([PresentationOption]) -> Void
    ) {
        OpenNotification.shared.willPresent(notification: n)
        done([.banner, .sound, .badge])
    }

    // Sessiz (arka plan) push'lar
    func application(
        didReceiveRemoteNotification userInfo: [AnyHashable: Any],
        fetchCompletionHandler done: @escaping (FetchResult) -> Void
    ) {
        OpenNotification.shared.didReceiveBackground(userInfo: userInfo) { _ in done(.newData) }
    }

    func silentSample() {
        OpenNotification.shared.onReceive = { message in
            if message.silent { Sync.run(message.data) }
        }
    }
}

// MARK: - 4 İzin iste, 5 Kimlik ve tag'ler

func permissionSample() {
    OpenNotification.shared.requestPermission { granted in
        // granted → SDK registerForRemoteNotifications() çağırır;
        // token didRegister'a gelir ve cihaz abone olur.
    }
}

func identitySample() {
    OpenNotification.shared.login("user_123")  // kendi girişinizden sonra
    OpenNotification.shared.setTags(["plan": "platinum", "streak": 42])
    OpenNotification.shared.removeTags(["streak"])
    OpenNotification.shared.setLanguage("tr")
    OpenNotification.shared.logout()  // çıkışta
    OpenNotification.shared.unsubscribe()  // kullanıcı ayarlar ekranında çıktı
    OpenNotification.shared.trackSession()  // isteğe bağlı: didBecomeActive'de zaten gider
    _ = OpenNotification.shared.subscriptionId
}

// MARK: - Açılmaları ele alma

func messageSample(_ message: OpenNotificationMessage) -> [Any?] {
    [
        message.msgId, message.campaignId, message.title, message.body, message.image, message.url,
        message.actions.map { [$0.id, $0.title, $0.url] }, message.actionId, message.data,
    ]
}
