// Hand-written: permission and the device token come from the platform; the SDK turns them into one
// subscription per installation, and says so when the token never comes.
import Foundation
import SpecsmithRuntime

extension OpenNotification.Installation {
    /// Asks for notification permission; when granted, registers with APNs, whose token must then be
    /// forwarded to ``didRegister(deviceToken:)``. A grant also ends an earlier `unsubscribe()`.
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
        mutate { runtime in
            runtime.state.permissionGranted = granted
            if granted { runtime.state.optedOut = false }
        }
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
        mutate { runtime in
            runtime.state.token = hex
            if let index = runtime.state.pending.firstIndex(where: \.isRegistration) {
                // Two tokens before the first registration went out: one registration, with the newest.
                runtime.state.pending[index].kind = .register(token: hex)
            } else {
                _ = runtime.state.enqueue(.register(token: hex))
            }
        }
        kick()
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
