// Hand-written: the SDK's durable queue holds calls the app made, which the spec's endpoints carry
// out later, possibly after a relaunch; only the SDK knows their order and what gates them.
import Foundation

/// A call waiting to be sent, kept on disk until the server acknowledges it.
struct PendingOperation: Codable, Sendable, Hashable {
    /// Position in the order of calls; unique for the installation.
    var number: Int
    var kind: Kind
    /// When the call was made; `nil` in states saved before the queue had an age bound.
    var queuedAt: Date?

    enum Kind: Codable, Sendable, Hashable {
        /// A device token to register; the registration is built when it is sent.
        case register(token: String)
        case login(externalID: String)
        case logout
        case setTags([String: String])
        case removeTags([String])
        /// Tag changes folded together when the queue was compacted.
        case changeTags(set: [String: String], remove: [String])
        case setLanguage(String)
        case unsubscribe
        case session(at: Date)
        case event(EventKey)
    }

    /// Whether it registers a token.
    var isRegistration: Bool {
        if case .register = kind { true } else { false }
    }

    /// Whether it needs a subscription id: everything but registration and events.
    var needsSubscription: Bool {
        switch kind {
        case .register, .event: false
        default: true
        }
    }

    /// Whether the queue may drop it past its bound: it carries no choice of the user's.
    var isDroppable: Bool {
        switch kind {
        case .session, .event: true
        default: false
        }
    }

    /// The operation's name in logs.
    var name: String {
        switch kind {
        case .register: "register"
        case .login: "login"
        case .logout: "logout"
        case .setTags: "setTags"
        case .removeTags: "removeTags"
        case .changeTags: "setTags and removeTags"
        case .setLanguage: "setLanguage"
        case .unsubscribe: "unsubscribe"
        case .session: "trackSession"
        case let .event(key): "report \(key.event.rawValue) of \(key.msgID)"
        }
    }
}

/// One reportable event: each is sent at most once per installation.
struct EventKey: Codable, Sendable, Hashable {
    enum Event: String, Codable, Sendable {
        case delivered, opened, clicked
    }

    var msgID: String
    var event: Event
    var actionID: String?

    /// The key kept in the store's list of reported events.
    var storageKey: String { "\(msgID)|\(event.rawValue)|\(actionID ?? "")" }
}
