// A canary: the extension's product holds none of the app's API, so an extension cannot reach it.
import OpenNotificationExtension

func configureFromAnExtension() {
    OpenNotification.shared.configure(endpoint: "https://push.example.com", appKey: "pk_live_x")
}
