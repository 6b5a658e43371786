// Hand-written: what the app delegate forwards (launch, taps, foreground and background pushes)
// becomes events in the durable queue and calls of the app's closures, each exactly once.
import Foundation
import SpecsmithRuntime

extension OpenNotification.Installation {
    /// What the app's `onOpen` and `onReceive` are: called on the main actor, so they may touch UI
    /// and the app's main-actor types (a router, a view model) directly.
    public typealias MessageHandler = @MainActor @Sendable (OpenNotificationMessage) -> Void

    // MARK: - Closures

    /// Called on the main actor when the user opens a notification (its body or a button), after
    /// `opened` or `clicked` has been queued; once per message, whichever way the tap arrives.
    /// Setting it replays a cold-start open that arrived earlier, once.
    public var onOpen: MessageHandler? {
        get { runtime.withLock { $0.onOpen } }
        set {
            runtime.withLock { runtime in
                runtime.onOpen = newValue
                guard let newValue, let replay = runtime.pendingOpen else { return }
                runtime.pendingOpen = nil
                hop(newValue, replay, in: &runtime)
            }
        }
    }

    /// Called on the main actor when a push arrives while the app is in the foreground, and for
    /// background pushes (with `message.silent` true for those without an alert).
    public var onReceive: MessageHandler? {
        get { runtime.withLock { $0.onReceive } }
        set { runtime.withLock { $0.onReceive = newValue } }
    }

    // MARK: - What the app delegate forwards

    /// Hands over the launch options' remote notification: a tap that launched the app.
    ///
    /// iOS hands the same tap to the notification center delegate too, and only that copy says which
    /// button was tapped; so the SDK holds this one until
    /// ``didReceive(response:)-(NotificationResponse)`` brings it (up to
    /// the queue's launch grace, 2 s by default) and the tap reaches `onOpen` once, with its
    /// `actionId`, and is reported once. Without that copy it reaches `onOpen` when the grace ends,
    /// or once `onOpen` is set. A background launch by a silent push is not an open.
    public func handleLaunch(userInfo: [AnyHashable: Any]?) {
        guard let userInfo else { return }
        let message = OpenNotificationMessage(userInfo: userInfo)
        guard !message.silent else { return }
        let grace = queue.launchGrace
        let sleep = queue.sleep
        runtime.withLock { runtime in
            if let msgID = message.msgId, runtime.openedMessages.contains(msgID) { return }
            runtime.launchTimer?.cancel()
            runtime.launchOpen = message
            runtime.launchTimer = Task { [weak self] in
                await sleep(grace)
                self?.releaseLaunchOpen()
            }
        }
    }

    /// Hands over a tap on a notification or one of its buttons: reports `opened` or `clicked`, then
    /// calls `onOpen`. A dismissal is ignored.
    public func didReceive(response: NotificationResponse) {
        guard response.actionIdentifier != NotificationResponse.dismissActionIdentifier else { return }
        let message = OpenNotificationMessage(userInfo: response.userInfo, actionId: response.actionId)
        runtime.withLock { runtime in
            guard let held = runtime.launchOpen, held.isSameNotification(as: message) else { return }
            // The launch tap's own copy: it says which button, so it stands for both.
            runtime.launchOpen = nil
            runtime.launchTimer?.cancel()
        }
        open(message)
    }

    /// Hands over a push that arrived in the foreground: `onReceive` gets it.
    public func willPresent(notification: ReceivedNotification) {
        let message = OpenNotificationMessage(userInfo: notification.userInfo)
        runtime.withLock { runtime in
            if let onReceive = runtime.onReceive { hop(onReceive, message, in: &runtime) }
        }
    }

    /// Hands over a background push: reports `delivered` (the service extension does not run for
    /// these) and gives the message to `onReceive`. Never a session, never an open.
    ///
    /// `completion` runs on the main actor once the report is sent, or within the queue's
    /// background wait (25 s by default, inside the 30 s iOS allows) whatever the network does: then
    /// it hears a failure whose ``OpenNotification/Failure/isStillQueued`` is `true`, and the report
    /// is sent later. On the main actor, it may call UIKit's fetch completion handler as the app
    /// delegate received it, in Swift 6 as in Swift 5.
    public func didReceiveBackground(userInfo: [AnyHashable: Any], completion: BackgroundCompletion? = nil) {
        let message = OpenNotificationMessage(userInfo: userInfo)
        runtime.withLock { runtime in
            if let onReceive = runtime.onReceive { hop(onReceive, message, in: &runtime) }
        }
        var onMain: Completion?
        if let completion {
            onMain = { error in Task { @MainActor in completion(error) } }
        }
        guard let msgID = message.msgId else {
            onMain?(nil)
            return
        }
        let wait = min(queue.backgroundWait, queue.completionWait ?? queue.backgroundWait)
        report(EventKey(msgID: msgID, event: .delivered), completion: onMain, wait: wait)
    }

    // MARK: - Helpers

    private func releaseLaunchOpen() {
        let held = runtime.withLock { runtime -> OpenNotificationMessage? in
            defer { runtime.launchOpen = nil }
            return runtime.launchOpen
        }
        if let held { open(held) }
    }

    /// Reports a tap and hands it to `onOpen`, once per message.
    private func open(_ message: OpenNotificationMessage) {
        let handler = mutate { runtime -> MessageHandler? in
            if let msgID = message.msgId {
                guard runtime.openedMessages.insert(msgID).inserted else { return nil }
                let key = EventKey(
                    msgID: msgID, event: message.actionId == nil ? .opened : .clicked, actionID: message.actionId)
                if runtime.state.markReported(key) { _ = runtime.state.enqueue(.event(key), at: clock()) }
            }
            guard let onOpen = runtime.onOpen else {
                runtime.pendingOpen = message
                return nil
            }
            return onOpen
        }
        kick()
        // After the save: the event is on disk before the app's closure runs.
        if let handler { runtime.withLock { hop(handler, message, in: &$0) } }
    }

    /// Calls `handler` on the main actor after every closure call before it.
    private func hop(_ handler: @escaping MessageHandler, _ message: OpenNotificationMessage, in runtime: inout Runtime)
    {
        let previous = runtime.delivery
        runtime.delivery = Task {
            await previous?.value
            await handler(message)
        }
    }

    /// Queues an event unless this installation has reported it before.
    func report(_ key: EventKey, completion: Completion? = nil, wait: TimeInterval? = nil) {
        let queued = mutate { runtime -> Bool in
            guard runtime.state.markReported(key) else { return false }
            let number = runtime.state.enqueue(.event(key), at: clock())
            if let completion { add(completion, to: number, in: &runtime, wait: wait) }
            return true
        }
        if queued { kick() } else { completion?(nil) }
    }
}

extension OpenNotificationMessage {
    /// Whether both come from the same notification, whichever part of it was tapped.
    func isSameNotification(as other: OpenNotificationMessage) -> Bool {
        if let msgId, let otherID = other.msgId { return msgId == otherID }
        return tapped(actionId: nil) == other.tapped(actionId: nil)
    }
}
