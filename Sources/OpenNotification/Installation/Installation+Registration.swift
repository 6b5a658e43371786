// Hand-written: permission and the device token come from the platform; the SDK turns them into one
// subscription per installation, and says so when the token never comes.
import Foundation
import SpecsmithRuntime

extension OpenNotification.Installation {
    /// Asks for notification permission; when granted, registers with APNs, whose token must then be
    /// forwarded to ``didRegister(deviceToken:)``.
    ///
    /// A grant does not undo an earlier ``unsubscribe(completion:)``: an app that asks at every launch
    /// keeps the user's opt-out. Only ``optIn(completion:)`` does. Once permission was granted,
    /// ``configure(endpoint:appKey:)`` registers with APNs at every launch by itself.
    ///
    /// If no token arrives within the registration grace period, the SDK logs why the device is not
    /// subscribed and ``status`` says ``RegistrationStatus/permissionGrantedButNotRegistered``.
    public func requestPermission(_ completion: (@Sendable (Bool) -> Void)? = nil) {
        Task {
            let granted = await requestPermission()
            completion?(granted)
        }
    }

    /// ``requestPermission(_:)``, awaited: whether the user allows notifications.
    public func requestPermission() async -> Bool {
        let granted = await authorizer.requestAuthorization()
        mutate { $0.state.permissionGranted = granted }
        guard granted else { return false }
        await authorizer.registerForRemoteNotifications()
        let grace = registrationGrace
        let sleep = backoff.sleep
        let watchdog = Task {
            await sleep(grace)
            self.checkRegistered()
        }
        runtime.withLock { $0.watchdog = watchdog }
        return true
    }

    /// Hands over the APNs device token: registers this installation, or updates its one subscription
    /// with the new token. Sends platform, token (hex), SDK, OS and app versions, device model,
    /// language, time zone and country; then whatever was queued before it.
    public func didRegister(deviceToken: Data) {
        let hex = deviceToken.map { String(format: "%02x", $0) }.joined()
        guard (8...128).contains(deviceToken.count) else {
            log("didRegister: a device token of \(deviceToken.count) bytes is not an APNs token; ignored")
            return
        }
        mutate { runtime in _ = runtime.state.queueRegistration(token: hex, at: clock()) }
        kick()
    }

    /// Registers with APNs again, for a user who granted permission on an earlier launch; the token
    /// comes back through ``didRegister(deviceToken:)``.
    func registerWithAPNs() {
        let authorizer = authorizer
        let task = Task { await authorizer.registerForRemoteNotifications() }
        runtime.withLock { $0.reregistration = task }
    }

    private func checkRegistered() {
        let missing = runtime.withLock { $0.state.token == nil && $0.state.permissionGranted == true }
        if missing {
            log(
                "permission was granted but didRegister(deviceToken:) was never called, so this device is not "
                    + "subscribed. Forward application(_:didRegisterForRemoteNotificationsWithDeviceToken:) to "
                    + "OpenNotification.shared.didRegister(deviceToken:).")
        }
    }
}
