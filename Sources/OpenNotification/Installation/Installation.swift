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
            /// Set by a `configure` whose endpoint is not an http(s) URL; completions hear it at once.
            var configurationError: OpenNotification.Failure?
            /// Waiting completions by operation number, each with its own id so a timer can end one.
            var completions: [Int: [(id: Int, call: Completion)]] = [:]
            var nextCompletionID = 1
            var drain: Task<Void, Never>?
            var watchdog: Task<Void, Never>?
            /// Registering with APNs again at `configure`, when permission was granted before.
            var reregistration: Task<Void, Never>?
            /// The last hop of the app's closures to the main actor; each hop waits for the one before.
            var delivery: Task<Void, Never>?
            var onOpen: MessageHandler?
            var onReceive: MessageHandler?
            /// An open that came before `onOpen` was set (a cold start), replayed once when it is.
            var pendingOpen: OpenNotificationMessage?
            /// The launch options' tap, held for the same tap from the notification center.
            var launchOpen: OpenNotificationMessage?
            var launchTimer: Task<Void, Never>?
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
        let queue: QueuePolicy
        let retryAfter: RetryAfterRecorder
        let registrationGrace: TimeInterval
        let sharedReports: SharedDeliveredReports?
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
        ///   - queue: The queue's bound, and how long completions and a launch tap wait.
        ///   - registrationGrace: How long after a granted permission a missing token is logged.
        ///   - sharedReports: The delivered reports the notification service extension could not
        ///     send, which the SDK sends at `configure` and whenever the app becomes active: by default
        ///     those in the App Group the Info.plist names (`OpenNotificationAppGroup`), none without one.
        ///   - log: Where the SDK's log lines go.
        @available(iOSApplicationExtension, unavailable)
        public init(
            store: any InstallationStore = Installation.defaultStore,
            clock: @escaping @Sendable () -> Date = { Date() },
            transport: any HTTPTransport = URLSessionHTTPTransport(),
            authorizer: any NotificationAuthorizer = Installation.defaultAuthorizer,
            lifecycle: (any LifecycleEvents)? = Installation.defaultLifecycle,
            device: @escaping @Sendable () -> DeviceInfo = { DeviceInfo.current },
            backoff: Backoff = Backoff(),
            queue: QueuePolicy = QueuePolicy(),
            registrationGrace: TimeInterval = 10,
            sharedReports: SharedDeliveredReports? = Installation.defaultSharedReports,
            log: @escaping @Sendable (String) -> Void = { print("OpenNotification: \($0)") }
        ) {
            self.store = store
            self.clock = clock
            self.transport = transport
            self.authorizer = authorizer
            self.lifecycle = lifecycle
            self.device = device
            self.backoff = backoff
            self.queue = queue
            self.retryAfter = RetryAfterRecorder(now: clock)
            self.registrationGrace = registrationGrace
            self.sharedReports = sharedReports
            self.log = log
            let (state, problems) = InstallationState.load(from: store)
            runtime = Locked(Runtime(state: state))
            for problem in problems { log(problem) }
        }

        // MARK: - Configuration

        /// Points the SDK at the server and starts sending what is queued.
        ///
        /// Also sends the delivered reports the notification service extension kept in the App Group,
        /// starts observing the app becoming active, which pings the session and sends those reports
        /// again, and, when the user
        /// granted permission on an earlier launch, registers with APNs again, as Apple advises at
        /// every launch: the app need not ask for permission again. Calling it again replaces endpoint
        /// and key; events already reported are not reported again.
        ///
        /// An endpoint that is not an http(s) URL is logged, and every waiting and later completion
        /// hears an ``OpenNotification/Failure`` of kind `.invalidRequest` that says so; the calls stay
        /// queued for a `configure` with a good endpoint.
        /// - Parameters:
        ///   - endpoint: The server's base URL, such as `https://push.example.com`.
        ///   - appKey: The app's public key.
        public func configure(endpoint: String, appKey: String) {
            guard let url = URL(string: endpoint), url.scheme == "https" || url.scheme == "http", url.host != nil else {
                return refuseConfiguration(endpoint)
            }
            let client = Client(
                environment: .custom(url), transport: transport, appKey: appKey, middlewares: [retryAfter],
                retry: .never)
            let (observe, reregister) = runtime.withLock { runtime -> (Bool, Bool) in
                runtime.client = client
                runtime.configurationError = nil
                defer { runtime.observingLifecycle = true }
                return (!runtime.observingLifecycle, runtime.state.permissionGranted == true)
            }
            if observe {
                lifecycle?.observeBecomingActive { [weak self] in
                    self?.trackSession()
                    self?.collectSharedReports()
                }
            }
            if reregister { registerWithAPNs() }
            collectSharedReports()
            kick()
        }

        private func refuseConfiguration(_ endpoint: String) {
            let failure = OpenNotification.Failure(
                kind: .invalidRequest, message: OpenNotification.Failure.messages.invalidRequest,
                operation: "configure",
                detail: "configure: \"\(endpoint)\" is not an http(s) URL with a host; nothing is sent until a "
                    + "configure with a good endpoint")
            log(failure.detail)
            let waiting = runtime.withLock { runtime -> [Completion] in
                runtime.client = nil
                runtime.configurationError = failure
                defer { runtime.completions = [:] }
                return runtime.completions.values.flatMap { $0.map(\.call) }
            }
            for completion in waiting { completion(failure) }
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

        /// Waits until every queued operation that can be sent now has been sent or refused, any
        /// pending registration check has run, and the app's closures have been called. While the
        /// network keeps failing it keeps waiting. For tests and command-line tools.
        public func waitUntilIdle() async {
            while let task = runtime.withLock({
                $0.drain ?? $0.reregistration ?? $0.watchdog ?? $0.launchTimer ?? $0.delivery
            }) {
                await task.value
                runtime.withLock { runtime in
                    if runtime.reregistration == task { runtime.reregistration = nil }
                    if runtime.watchdog == task { runtime.watchdog = nil }
                    if runtime.delivery == task { runtime.delivery = nil }
                    if runtime.launchTimer == task { runtime.launchTimer = nil }
                }
            }
        }

        /// Changes the state, compacts the queue past its bound, and saves it before returning; a
        /// failed save is logged.
        @discardableResult
        func mutate<Result>(_ body: (inout Runtime) -> Result) -> Result {
            let (result, dropped, problem) = runtime.withLock { runtime -> (Result, [Completion], String?) in
                let before = runtime.state
                let result = body(&runtime)
                guard runtime.state != before else { return (result, [], nil) }
                let dropped = runtime.apply(runtime.state.compact(policy: queue, now: clock()))
                do {
                    try store.save(try runtime.state.encoded())
                    return (result, dropped, nil)
                } catch {
                    return (result, dropped, "the state could not be saved: \(error)")
                }
            }
            if let problem { log(problem) }
            if !dropped.isEmpty {
                log("the queue is past its bound: \(dropped.count) waiting report(s) or session ping(s) dropped")
                let failure = Self.failure("queue", "dropped past the queue's bound", kind: .invalidRequest)
                for completion in dropped { completion(failure) }
            }
            return result
        }

        /// A failure the SDK itself reports, with its kind's user message.
        static func failure(_ operation: String, _ detail: String, kind: OpenNotification.Failure.Kind)
            -> OpenNotification.Failure
        {
            let messages = OpenNotification.Failure.messages
            let message = if case .transport = kind { messages.transport } else { messages.invalidRequest }
            return OpenNotification.Failure(kind: kind, message: message, operation: operation, detail: detail)
        }
    }
}

extension OpenNotification.Installation.Runtime {
    /// Moves the completions of merged operations to the operation that now carries them; answers
    /// those of dropped ones.
    mutating func apply(_ removals: [Int: InstallationState.Removal]) -> [OpenNotification.Installation.Completion] {
        var dropped: [OpenNotification.Installation.Completion] = []
        for (number, removal) in removals {
            guard let waiting = completions.removeValue(forKey: number) else { continue }
            switch removal {
            case let .merged(into: survivor): completions[survivor, default: []].append(contentsOf: waiting)
            case .dropped: dropped.append(contentsOf: waiting.map(\.call))
            }
        }
        return dropped
    }
}

extension OpenNotification.Installation {
    /// The delivered reports kept in the App Group the app's Info.plist names under
    /// `OpenNotificationAppGroup`; `nil` without one, and off Apple platforms.
    public static var defaultSharedReports: SharedDeliveredReports? {
        SharedDeliveredReports.appGroup()
    }

    /// UserDefaults on Apple platforms, a file in Application Support elsewhere.
    public static var defaultStore: any InstallationStore {
        #if canImport(Darwin)
            UserDefaultsInstallationStore()
        #else
            FileInstallationStore.standard
        #endif
    }
}
