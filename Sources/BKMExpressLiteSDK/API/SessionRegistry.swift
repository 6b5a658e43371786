// Hand-written: which sessions the app holds, so that a card field made without naming its session
// can encrypt for the one its screen sends with. Sessions are the SDK's own notion, not the wire's.
import Foundation
import SpecsmithRuntime

extension BKMExpress {
    /// Every session the app still holds, weakly: it never keeps a session alive on its own.
    final class SessionRegistry: Sendable {
        /// The app's sessions. A task may scope its own registry (tests do, so that sessions other
        /// tests open at the same time are not theirs).
        @TaskLocal static var current = SessionRegistry()

        private let state = Locked<[WeakAPI]>([])
        /// Shared by every registry, so that a number sealed in one scope never matches a session of another.
        private static let lastSessionID = Locked<UInt64>(0)

        /// Whether any session is alive.
        var hasLiveSession: Bool { !liveCardKeys.isEmpty }

        /// The card keys of the sessions still alive, oldest first.
        var liveCardKeys: [CardKey] {
            state.withLock { sessions in
                sessions.removeAll { $0.api == nil }
                return sessions.compactMap { $0.api?.cardKey }
            }
        }

        /// The session opened last that is still alive: the one the manual's views, made without
        /// naming a session, belong to.
        var latest: API? {
            state.withLock { sessions in
                sessions.removeAll { $0.api == nil }
                return sessions.last?.api
            }
        }

        /// A number no other session has had.
        func nextSessionID() -> UInt64 {
            Self.lastSessionID.withLock { last in
                last += 1
                return last
            }
        }

        func register(_ api: API) {
            state.withLock { sessions in
                sessions.removeAll { $0.api == nil }
                sessions.append(WeakAPI(api: api))
            }
        }
    }

    /// A weak reference to a session, so that ``API`` is released when the app lets it go.
    struct WeakAPI {
        weak var api: API?
    }
}
