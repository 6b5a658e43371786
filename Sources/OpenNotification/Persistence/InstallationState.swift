// Hand-written: the SDK's own state on disk; the spec describes only what travels.
import Foundation

/// Everything an installation keeps between launches, saved as one JSON document.
struct InstallationState: Codable, Sendable, Equatable {
    /// Sent with every registration so the server keeps one subscription per installation.
    var installationID: String
    var subscriptionID: String?
    /// The last token handed to `didRegister(deviceToken:)`, hex.
    var token: String?
    /// The language set with `setLanguage`; it wins over the device's on every later registration.
    var explicitLanguage: String?
    /// Set by `unsubscribe()`, cleared only by `optIn()`: a permission grant leaves it as it is.
    var optedOut = false
    /// The answer of the last permission request, `nil` before any.
    var permissionGranted: Bool?
    var nextNumber = 1
    /// Calls not yet acknowledged, in the order they were made.
    var pending: [PendingOperation] = []
    /// Events already queued or sent (``EventKey/storageKey``), newest last, at most ``reportedLimit``.
    var reportedEvents: [String] = []

    static let reportedLimit = 2000

    static func fresh() -> InstallationState {
        InstallationState(installationID: UUID().uuidString.lowercased())
    }

    /// The bytes to save, keys sorted: the installation id and the opt-out come before the queue and
    /// the token, so a file cut short (the usual damage) still holds them for the salvage in
    /// ``load(from:)``. Unsorted, the order follows the hash seed, and a cut could take the id.
    func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return try encoder.encode(self)
    }

    /// Appends a call to the queue and returns its number.
    mutating func enqueue(_ kind: PendingOperation.Kind, at date: Date) -> Int {
        let number = nextNumber
        nextNumber += 1
        pending.append(PendingOperation(number: number, kind: kind, queuedAt: date))
        return number
    }

    /// Queues a registration of `token`, or gives the one not yet sent the newest token; answers its
    /// number. Two tokens before the first registration went out make one registration.
    mutating func queueRegistration(token: String, at date: Date) -> Int {
        self.token = token
        if let index = pending.firstIndex(where: \.isRegistration) {
            pending[index].kind = .register(token: token)
            return pending[index].number
        }
        return enqueue(.register(token: token), at: date)
    }

    /// The first operation that can go now: registrations and events always, the rest once there is a
    /// subscription, in order.
    var nextRunnable: PendingOperation? {
        pending.first { !$0.needsSubscription || subscriptionID != nil }
    }

    /// Records an event as reported; `false` when it already was.
    mutating func markReported(_ key: EventKey) -> Bool {
        guard !reportedEvents.contains(key.storageKey) else { return false }
        reportedEvents.append(key.storageKey)
        if reportedEvents.count > Self.reportedLimit {
            reportedEvents.removeFirst(reportedEvents.count - Self.reportedLimit)
        }
        return true
    }
}
