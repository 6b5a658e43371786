// Hand-written: the seed's `OpenNotification.shared` keeps state across calls and launches (a
// durable queue, the subscription id, reported events, a replayed cold-start open), which no
// endpoint of the spec describes. It sends through the generated `OpenNotification.Client`.
import Foundation
import SpecsmithRuntime

extension OpenNotification {
    /// The SDK on this device: registration, identity, tags, sessions and message events.
    ///
    /// Apps use ``OpenNotification/shared``; tests create their own with an injected store, clock,
    /// transport and authoriser. Every call that changes the server's view is saved to the store
    /// before it returns and sent in order once the device is registered, so a relaunch loses none.
    public final class Installation: Sendable {
        /// What lives only in memory: the client, completions, the running drain and the closures.
        struct Runtime {
            var state: InstallationState
            var client: Client?
            var observingLifecycle = false
            var completions: [Int: [@Sendable (Error?) -> Void]] = [:]
            var drain: Task<Void, Never>?
            var watchdog: Task<Void, Never>?
            var onOpen: (@Sendable (OpenNotificationMessage) -> Void)?
            var onReceive: (@Sendable (OpenNotificationMessage) -> Void)?
            /// An open that came before `onOpen` was set (a cold start), replayed once when it is.
            var pendingOpen: OpenNotificationMessage?
            /// Messages already handed to `onOpen`, by id: a tap reported twice opens once.
            var openedMessages: Set<String> = []
            /// Operations that already made the SDK register again after `UNKNOWN_SUBSCRIPTION`.
            var reregistered: Set<Int> = []
        }

        // MARK: - Stored state

        let runtime: Locked<Runtime>
        let store: any InstallationStore
        let clock: @Sendable () -> Date
        let transport: any HTTPTransport
        let authorizer: any NotificationAuthorizer
        let lifecycle: (any LifecycleEvents)?
        let device: @Sendable () -> DeviceInfo
        let backoff: Backoff
        let registrationGrace: TimeInterval
        let log: @Sendable (String) -> Void

        // MARK: - Initialisers

        /// Creates the SDK over `store`, loading what an earlier launch saved there.
        ///
        /// - Parameters:
        ///   - store: Where state survives relaunches.
        ///   - clock: The time of session pings.
        ///   - transport: How requests travel.
        ///   - authorizer: Asks for notification permission.
        ///   - lifecycle: Says when the app becomes active; `configure` starts observing it.
        ///   - device: Describes the device for registrations.
        ///   - backoff: How failed sends are repeated.
        ///   - registrationGrace: How long after a granted permission a missing token is logged.
        ///   - log: Where the SDK's log lines go.
        public init(
            store: any InstallationStore = Installation.defaultStore,
            clock: @escaping @Sendable () -> Date = { Date() },
            transport: any HTTPTransport = URLSessionTransport(),
            authorizer: any NotificationAuthorizer = Installation.defaultAuthorizer,
            lifecycle: (any LifecycleEvents)? = Installation.defaultLifecycle,
            device: @escaping @Sendable () -> DeviceInfo = { DeviceInfo.current },
            backoff: Backoff = Backoff(),
            registrationGrace: TimeInterval = 10,
            log: @escaping @Sendable (String) -> Void = { print("OpenNotification: \($0)") }
        ) {
            self.store = store
            self.clock = clock
            self.transport = transport
            self.authorizer = authorizer
            self.lifecycle = lifecycle
            self.device = device
            self.backoff = backoff
            self.registrationGrace = registrationGrace
            self.log = log
            var problem: String?
            var state = InstallationState.fresh()
            do {
                if let data = try store.load() { state = try JSONDecoder().decode(InstallationState.self, from: data) }
            } catch {
                problem = "the saved state could not be read (\(error)); starting as a new installation"
            }
            runtime = Locked(Runtime(state: state))
            if let problem { log(problem) }
        }

        // MARK: - Configuration

        /// Points the SDK at the server and starts sending what is queued.
        ///
        /// Also starts observing the app becoming active, which pings the session. Calling it again
        /// replaces endpoint and key; events already reported are not reported again.
        /// - Parameters:
        ///   - endpoint: The server's base URL, such as `https://push.example.com`.
        ///   - appKey: The app's public key.
        public func configure(endpoint: String, appKey: String) {
            guard let url = URL(string: endpoint), url.scheme == "https" || url.scheme == "http", url.host != nil else {
                log("configure: \"\(endpoint)\" is not an http(s) URL; nothing will be sent")
                return
            }
            let client = Client(environment: .custom(url), transport: transport, appKey: appKey, retry: .never)
            let observe = runtime.withLock { runtime -> Bool in
                runtime.client = client
                defer { runtime.observingLifecycle = true }
                return !runtime.observingLifecycle
            }
            if observe {
                lifecycle?.observeBecomingActive { [weak self] in self?.trackSession() }
            }
            kick()
        }

        // MARK: - State

        /// The subscription's identifier once the server has registered this installation, for support.
        public var subscriptionId: String? {
            runtime.withLock { $0.state.subscriptionID }
        }

        /// Where this installation stands, for a settings screen or a support log.
        public var status: RegistrationStatus {
            runtime.withLock { RegistrationStatus($0.state) }
        }

        /// Waits until every queued operation that can be sent now has been sent or reported as failed,
        /// and any pending registration check has run. For tests and command-line tools.
        public func waitUntilIdle() async {
            while let task = runtime.withLock({ $0.drain ?? $0.watchdog }) {
                await task.value
                runtime.withLock { runtime in
                    if runtime.watchdog == task, runtime.drain == nil { runtime.watchdog = nil }
                }
            }
        }

        /// Changes the state and saves it before returning; a failed save is logged.
        @discardableResult
        func mutate<Result>(_ body: (inout Runtime) -> Result) -> Result {
            let (result, problem) = runtime.withLock { runtime -> (Result, String?) in
                let before = runtime.state
                let result = body(&runtime)
                guard runtime.state != before else { return (result, nil) }
                do {
                    try store.save(try JSONEncoder().encode(runtime.state))
                    return (result, nil)
                } catch {
                    return (result, "the state could not be saved: \(error)")
                }
            }
            if let problem { log(problem) }
            return result
        }
    }
}

extension OpenNotification.Installation {
    /// UserDefaults on Apple platforms, a file in Application Support elsewhere.
    public static var defaultStore: any InstallationStore {
        #if canImport(Darwin)
            UserDefaultsInstallationStore()
        #else
            FileInstallationStore.standard
        #endif
    }
}
