import Foundation
import OpenNotification
import OpenNotificationBackend
import OpenNotificationMock
import SpecsmithRuntime
import SpecsmithTesting

/// A clock tests move by hand.
final class TestClock: Sendable {
    private let time = Locked(Date(timeIntervalSince1970: 1_800_000_000))

    var now: Date { time.withLock { $0 } }

    func advance(_ seconds: TimeInterval) {
        time.withLock { $0 += seconds }
    }

    var function: @Sendable () -> Date { { [self] in now } }
}

/// A mock per test, a store folder per test, and SDK instances ("launches") over that store.
struct Fixture {
    let mock: OpenNotificationMockServer
    let folder: URL
    let clock = TestClock()
    let serverClock: TestClock
    let log = Recorder<[String]>([])
    /// Drives the SDK's timers (completion waits, the launch grace); they never fire unless advanced.
    let timers = FakeScheduler()

    static func start() async throws -> Fixture {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("on-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let serverClock = TestClock()
        let mock = try await OpenNotificationMockServer.start(port: 0, now: serverClock.function)
        return Fixture(mock: mock, folder: folder, serverClock: serverClock)
    }

    private init(mock: OpenNotificationMockServer, folder: URL, serverClock: TestClock) {
        self.mock = mock
        self.folder = folder
        self.serverClock = serverClock
    }

    /// The App Group container app and extension share in these tests.
    var sharedReports: SharedDeliveredReports {
        SharedDeliveredReports(directory: folder.appendingPathComponent("group", isDirectory: true))
    }

    var store: FileInstallationStore { FileInstallationStore(url: folder.appendingPathComponent("state.json")) }
    var simulator: OpenNotificationSimulator { mock.simulator }

    static let device = DeviceInfo(
        osVersion: "17.4.1", deviceModel: "iPhone15,2", appVersion: "2.3", language: "en", timeZone: "Europe/Istanbul",
        country: "TR")

    /// A launch of the app: a new SDK over the same store. Not configured unless `configure` is true.
    func launch(
        configure: Bool = true, store: (any InstallationStore)? = nil, transport: (any HTTPTransport)? = nil,
        authorizer: any NotificationAuthorizer = ScriptedAuthorizer(granted: true),
        lifecycle: ManualLifecycle? = nil, device: DeviceInfo = Fixture.device, maxAttempts: Int = 3,
        backoff: OpenNotification.Backoff? = nil, queue: OpenNotification.QueuePolicy? = nil,
        sharedReports: SharedDeliveredReports? = nil
    ) -> OpenNotification.Installation {
        let log = log
        let sdk = OpenNotification.Installation(
            store: store ?? self.store, clock: clock.function, transport: transport ?? URLSessionHTTPTransport(),
            authorizer: authorizer, lifecycle: lifecycle, device: { device },
            backoff: backoff ?? .init(maxAttempts: maxAttempts, jitter: { $0 }, sleep: { _ in await Task.yield() }),
            queue: queue ?? .init(sleep: timers.sleep), registrationGrace: 0,
            sharedReports: sharedReports, log: { line in log.update { $0.append(line) } })
        if configure { sdk.configure(endpoint: mock.baseURL.absoluteString, appKey: OpenNotificationTestData.appKey) }
        return sdk
    }

    /// A backend client with the server API key.
    var backend: OpenNotification.BackendClient {
        OpenNotification.BackendClient(
            environment: .custom(mock.baseURL), serverKey: OpenNotificationTestData.serverKey)
    }

    /// The journal's requests for one operation's path suffix, in order.
    func requests(_ method: String, pathSuffix: String) -> [String] {
        mock.service.journal.filter { $0.method == method && $0.path.hasSuffix(pathSuffix) }.map(\.body)
    }

    /// The journal as `METHOD path` lines, control endpoints left out.
    var calls: [String] {
        mock.service.journal.map { "\($0.method) \($0.path)" }
    }

    func stop() async {
        await mock.stop()
        try? FileManager.default.removeItem(at: folder)
    }
}

extension Data {
    /// A fake APNs token of `count` bytes, all `byte`.
    static func token(_ byte: UInt8, count: Int = 32) -> Data { Data(repeating: byte, count: count) }
}

extension String {
    /// The hex of ``Data/token(_:count:)``.
    static func tokenHex(_ byte: UInt8, count: Int = 32) -> String {
        String(repeating: String(format: "%02x", byte), count: count)
    }
}

/// Runs `body` with a fresh fixture and always stops it and removes its folder.
func withFixture(_ body: (Fixture) async throws -> Void) async throws {
    try await scoped(Fixture.start, stop: { await $0.stop() }, body)
}
