// Hand-written: "the app became active" is a UIKit notification; on Linux and in tests the host
// signals it through this protocol.
import Foundation
import SpecsmithRuntime

/// Tells the SDK when the app becomes active, which starts or continues a session.
public protocol LifecycleEvents: Sendable {
    /// Calls `handler` every time the app becomes active, from now on.
    func observeBecomingActive(_ handler: @escaping @Sendable () -> Void)
}

/// Lifecycle events the host fires by hand: Linux services, tests and examples.
public final class ManualLifecycle: LifecycleEvents {
    private let handlers = Locked<[@Sendable () -> Void]>([])

    /// A lifecycle that fires only when told.
    public init() {}

    public func observeBecomingActive(_ handler: @escaping @Sendable () -> Void) {
        handlers.withLock { $0.append(handler) }
    }

    /// The app became active.
    public func becomeActive() {
        for handler in handlers.withLock({ $0 }) { handler() }
    }
}
