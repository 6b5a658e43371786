// Hand-written: what the app delegate forwards (launch, taps, foreground and background pushes)
// becomes events in the durable queue and calls of the app's closures, each exactly once.
import Foundation
import SpecsmithRuntime

extension OpenNotification.Installation {
    // MARK: - Closures

    /// Called when the user opens a notification (its body or a button), after `opened` or `clicked`
    /// has been queued. Setting it replays a cold-start open that arrived earlier, once.
    public var onOpen: (@Sendable (OpenNotificationMessage) -> Void)? {
        get { runtime.withLock { $0.onOpen } }
        set {
            let replay = runtime.withLock { runtime -> OpenNotificationMessage? in
                runtime.onOpen = newValue
                guard newValue != nil else { return nil }
                defer { runtime.pendingOpen = nil }
                return runtime.pendingOpen
            }
            if let replay, let newValue { newValue(replay) }
        }
    }

    /// Called when a push arrives while the app is in the foreground, and for background pushes
    /// (with `message.silent` true for those without an alert).
    public var onReceive: (@Sendable (OpenNotificationMessage) -> Void)? {
        get { runtime.withLock { $0.onReceive } }
        set { runtime.withLock { $0.onReceive = newValue } }
    }

    // MARK: - What the app delegate forwards

    /// Hands over the launch options' remote notification: a tap that launched the app. It reaches
    /// `onOpen` now, or once `onOpen` is set. A background launch by a silent push is not an open.
    public func handleLaunch(userInfo: [AnyHashable: Any]?) {
        guard let userInfo else { return }
        let message = OpenNotificationMessage(userInfo: userInfo)
        guard !message.silent else { return }
        open(message)
    }

    /// Hands over a tap on a notification or one of its buttons: reports `opened` or `clicked`, then
    /// calls `onOpen`. A dismissal is ignored.
    public func didReceive(response: NotificationResponse) {
        guard response.actionIdentifier != NotificationResponse.dismissActionIdentifier else { return }
        open(OpenNotificationMessage(userInfo: response.userInfo, actionId: response.actionId))
    }

    /// Hands over a push that arrived in the foreground: `onReceive` gets it.
    public func willPresent(notification: ReceivedNotification) {
        let message = OpenNotificationMessage(userInfo: notification.userInfo)
        runtime.withLock { $0.onReceive }?(message)
    }

    /// Hands over a background push: reports `delivered` (the service extension does not run for
    /// these), gives the message to `onReceive`, and calls `completion` once the report is sent or has
    /// finally failed. Never a session, never an open.
    public func didReceiveBackground(userInfo: [AnyHashable: Any], completion: Completion? = nil) {
        let message = OpenNotificationMessage(userInfo: userInfo)
        runtime.withLock { $0.onReceive }?(message)
        guard let msgID = message.msgId else {
            completion?(nil)
            return
        }
        report(EventKey(msgID: msgID, event: .delivered), completion: completion)
    }

    /// ``didReceiveBackground(userInfo:completion:)``, awaited.
    public func didReceiveBackground(userInfo: [AnyHashable: Any]) async throws(OpenNotification.Failure) {
        try await awaiting { didReceiveBackground(userInfo: userInfo, completion: $0) }
    }

    // MARK: - Helpers

    private func open(_ message: OpenNotificationMessage) {
        if let msgID = message.msgId {
            report(
                EventKey(msgID: msgID, event: message.actionId == nil ? .opened : .clicked, actionID: message.actionId))
        }
        let handler = runtime.withLock { runtime -> (@Sendable (OpenNotificationMessage) -> Void)? in
            if let msgID = message.msgId {
                if runtime.pendingOpen?.msgId == msgID {
                    // The same tap again before onOpen was set; a button tap tells more than the launch did.
                    if message.actionId != nil { runtime.pendingOpen = message }
                    return nil
                }
                guard runtime.openedMessages.insert(msgID).inserted else { return nil }
            }
            guard let onOpen = runtime.onOpen else {
                runtime.pendingOpen = message
                return nil
            }
            return onOpen
        }
        handler?(message)
    }

    /// Queues an event unless this installation has reported it before.
    func report(_ key: EventKey, completion: Completion? = nil) {
        let queued = mutate { runtime -> Bool in
            guard runtime.state.markReported(key) else { return false }
            let number = runtime.state.enqueue(.event(key))
            if let completion { runtime.completions[number, default: []].append(completion) }
            return true
        }
        if queued { kick() } else { completion?(nil) }
    }
}
