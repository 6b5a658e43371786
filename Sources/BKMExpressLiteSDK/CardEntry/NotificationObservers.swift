import Foundation

/// Observers of a `NotificationCenter` that are removed when their holder goes, so an object that
/// observes (the card number field follows the app's active state) cannot outlive its removal.
///
/// Not `Sendable`: its holder adds observers and its `deinit` removes them, with nothing shared.
final class NotificationObservers {
    private let center: NotificationCenter
    private var tokens: [any NSObjectProtocol] = []

    init(center: NotificationCenter = .default) {
        self.center = center
    }

    /// Calls `block` on `queue` (the posting thread when `nil`) for each `name` posted, until this
    /// holder goes.
    func observe(
        _ name: Notification.Name, queue: OperationQueue?, _ block: @escaping @Sendable (Notification) -> Void
    ) {
        tokens.append(center.addObserver(forName: name, object: nil, queue: queue, using: block))
    }

    deinit {
        for token in tokens { center.removeObserver(token) }
    }
}
