// Shared by the OpenNotification examples: the mock in-process, a folder for the simulated devices'
// stores, and the narration. Each example is a function here, so the tour runs them all.
import ExampleNarration
import Foundation
import OpenNotification
import OpenNotificationBackend
import OpenNotificationMock
import SpecsmithRuntime

/// Where an example runs and what it prints.
public struct ExampleRun: Sendable {
    public let mock: OpenNotificationMockServer
    let folder: URL

    /// Starts the mock in-process and makes a scratch folder.
    public static func start() async throws -> ExampleRun {
        // snippet: start-mock
        let mock = try await OpenNotificationMockServer.start(port: 0)
        // snippet: end
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("opennotification-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        print("Started the OpenNotification mock at \(mock.baseURL.absoluteString)")
        return ExampleRun(mock: mock, folder: folder)
    }

    /// Stops the mock and removes the scratch folder.
    public func finish() async {
        await mock.stop()
        try? FileManager.default.removeItem(at: folder)
    }

    /// One launch of the app on the simulated device `name`: the SDK over that device's store.
    /// Permission is granted and APNs answers with `token` when registering. `sharedReports` is the
    /// App Group folder the device's notification service extension shares with the app, if any.
    public func launch(
        device name: String, token: Data, lifecycle: ManualLifecycle? = nil,
        sharedReports: SharedDeliveredReports? = nil
    ) -> OpenNotification.Installation {
        // snippet: installation
        let box = Locked<OpenNotification.Installation?>(nil)
        let sdk = OpenNotification.Installation(
            store: FileInstallationStore(url: folder.appendingPathComponent("\(name).json")),
            authorizer: ScriptedAuthorizer(granted: true) {
                box.withLock { $0 }?.didRegister(deviceToken: token)
            },
            lifecycle: lifecycle,
            device: {
                DeviceInfo(
                    osVersion: "17.4", deviceModel: "iPhone15,2", appVersion: "1.0", language: "en",
                    timeZone: "Europe/Istanbul", country: "TR")
            },
            sharedReports: sharedReports,
            log: { say("log: \($0)") })
        box.withLock { $0 = sdk }
        sdk.configure(endpoint: mock.baseURL.absoluteString, appKey: OpenNotificationTestData.appKey)
        // snippet: end
        return sdk
    }

    /// The backend's client, with the server API key.
    public var backend: OpenNotification.BackendClient {
        // snippet: backend-client
        OpenNotification.BackendClient(endpoint: mock.baseURL, serverAPIKey: OpenNotificationTestData.serverKey)
        // snippet: end
    }

    // snippet: push
    /// What APNs would hand the device `subscriptionID` for a campaign: the recorded payload.
    public func push(campaignID: String, to subscriptionID: String?) throws -> APNsDelivery {
        guard
            let delivery = mock.simulator.deliveries(campaignID: campaignID).first(where: {
                $0.subscriptionID == subscriptionID
            })
        else { throw ExampleError("no push of \(campaignID) for \(subscriptionID ?? "an unregistered device")") }
        return delivery
    }
    // snippet: end
}

/// Runs `body` against a fresh mock and exits non-zero with the failure, so CI notices a broken example.
public func runExample(_ name: String, _ body: @escaping @Sendable (ExampleRun) async throws -> Void) async -> Int32 {
    await ExampleNarration.runExample(name, start: ExampleRun.start, finish: { await $0.finish() }, body)
}
