// Hand-written: the notification service extension's work — report delivered, fetch the image,
// name the category — as UI-free logic with its own time budget. It runs in a separate process
// that cannot see the app's configuration, so its endpoint comes from the extension's Info.plist,
// and a report it cannot send waits for the app in the App Group container.
import Foundation
import SpecsmithRuntime

/// What the notification service extension does for one notification, within its time budget.
///
/// ``start(userInfo:contentHandler:)`` reports `delivered` (with a short timeout, so analytics never
/// hold the notification up) while it downloads `on.img`; the handler gets the content once both are
/// done, or as soon as ``timeWillExpire()`` is called, whichever comes first — exactly once.
///
/// A delivered report that cannot be sent in time (offline, a timeout, a 5xx) is kept in
/// ``SharedDeliveredReports`` when the handler has them (an App Group is configured), and the app
/// sends it at its next launch or return to the foreground. Without them the report is dropped.
public final class NotificationServiceHandler: Sendable {
    /// The extension's Info.plist key holding the API's base URL.
    public static let apiURLKey = "OpenNotificationApiUrl"

    private struct Run {
        var best: NotificationServiceContent?
        var handler: (@Sendable (NotificationServiceContent) -> Void)?
        /// The message whose delivered report is on the wire, until its attempt ends.
        var reporting: String?
        /// Whether that report was kept for the app when time ran out before its answer.
        var keptEarly = false
    }

    /// What became of the delivered report.
    private enum Report {
        case sent, refused
        /// Not sent, and it may pass later: the app sends it.
        case notYet
    }

    let apiURL: URL?
    let transport: any HTTPTransport
    let deliveredTimeout: TimeInterval
    let imageTimeout: TimeInterval
    let attachmentDirectory: URL
    let sharedReports: SharedDeliveredReports?
    private let run = Locked(Run())

    /// - Parameters:
    ///   - apiURL: The server; `nil` skips the delivered report.
    ///   - transport: How requests travel.
    ///   - deliveredTimeout: The limit of the delivered report: 5 seconds.
    ///   - imageTimeout: The limit of the image download.
    ///   - attachmentDirectory: Where downloaded images are written.
    ///   - sharedReports: Where a delivered report that could not be sent waits for the app:
    ///     ``SharedDeliveredReports/appGroup(infoDictionary:fileManager:)`` in an extension. `nil`
    ///     drops such a report.
    public init(
        apiURL: URL?, transport: any HTTPTransport = URLSessionHTTPTransport(), deliveredTimeout: TimeInterval = 5,
        imageTimeout: TimeInterval = 20, attachmentDirectory: URL = FileManager.default.temporaryDirectory,
        sharedReports: SharedDeliveredReports? = nil
    ) {
        self.apiURL = apiURL
        self.transport = transport
        self.deliveredTimeout = deliveredTimeout
        self.imageTimeout = imageTimeout
        self.attachmentDirectory = attachmentDirectory
        self.sharedReports = sharedReports
    }

    /// The API's base URL from an extension's Info.plist (`OpenNotificationApiUrl`), if it is an http(s) URL.
    public static func apiURL(infoDictionary: [String: Any]?) -> URL? {
        guard let text = infoDictionary?[apiURLKey] as? String, let url = URL(string: text),
            url.scheme == "https" || url.scheme == "http", url.host != nil
        else { return nil }
        return url
    }

    // MARK: - API

    /// Starts the work for a notification; `contentHandler` is called exactly once.
    public func start(
        userInfo: [AnyHashable: Any], contentHandler: @escaping @Sendable (NotificationServiceContent) -> Void
    ) {
        let message = OpenNotificationMessage(userInfo: userInfo)
        let base = NotificationServiceContent(
            title: message.title, body: message.body,
            categoryIdentifier: message.actions.isEmpty
                ? nil : message.campaignId.map(OpenNotificationMessage.categoryIdentifier(campaignId:)),
            actions: message.campaignId == nil ? [] : message.actions)
        run.withLock {
            $0.best = base
            $0.handler = contentHandler
            $0.reporting = message.msgId
            $0.keptEarly = false
        }
        Task {
            async let delivered = deliver(message.msgId)
            async let image = downloadImage(message.image)
            let (reported, file) = await (delivered, image)
            improve { content in
                content.deliveredReported = reported
                content.attachmentURL = file
            }
            finish()
        }
    }

    /// ``start(userInfo:contentHandler:)``, awaited.
    public func process(userInfo: [AnyHashable: Any]) async -> NotificationServiceContent {
        await withCheckedContinuation { continuation in
            start(userInfo: userInfo) { continuation.resume(returning: $0) }
        }
    }

    /// Time is about to run out: hand back the best content so far now. A delivered report still on
    /// the wire is kept for the app first, and taken back if its answer comes after all.
    public func timeWillExpire() {
        run.withLock { run in
            // Under the lock, so an answer arriving now takes the report back only after it is kept.
            guard let msgID = run.reporting, !run.keptEarly else { return }
            run.keptEarly = true
            keep(msgID)
        }
        finish()
    }

    // MARK: - Steps

    private func improve(_ change: (inout NotificationServiceContent) -> Void) {
        run.withLock { run in
            guard run.handler != nil, var content = run.best else { return }
            change(&content)
            run.best = content
        }
    }

    private func finish() {
        let delivery = run.withLock {
            run -> (NotificationServiceContent, @Sendable (NotificationServiceContent) -> Void)? in
            guard let handler = run.handler, let content = run.best else { return nil }
            run.handler = nil
            return (content, handler)
        }
        if let (content, handler) = delivery { handler(content) }
    }

    /// Sends the delivered report, and keeps it for the app when it may pass later; whether it was sent.
    private func deliver(_ msgID: String?) async -> Bool {
        guard let msgID else { return false }
        let report = await reportDelivered(msgID)
        run.withLock { run in
            run.reporting = nil
            switch (report, run.keptEarly) {
            case (.notYet, false): keep(msgID)
            case (.sent, true), (.refused, true): forget(msgID)
            default: break
            }
        }
        return report == .sent
    }

    private func reportDelivered(_ msgID: String) async -> Report {
        guard let apiURL else { return .notYet }
        let client = OpenNotification.Client(
            environment: .custom(apiURL), transport: transport, timeout: deliveredTimeout, retry: .never)
        let outcome = await Deadline.run(seconds: deliveredTimeout) { () -> Report in
            do throws(OpenNotification.Failure) {
                _ = try await client.reportDelivered(msgID: msgID, OpenNotification.EventReport())
                return .sent
            } catch {
                return error.mayPassLater ? .notYet : .refused
            }
        }
        return outcome ?? .notYet
    }

    /// Keeps the report for the app, if there is an App Group; a failed write loses only this report.
    private func keep(_ msgID: String) {
        try? sharedReports?.add(msgID: msgID)
    }

    /// Takes back a kept report that was answered after all.
    private func forget(_ msgID: String) {
        try? sharedReports?.remove(msgIDs: [msgID])
    }

    /// Downloads the image into a file with the image's extension; `nil` for a bad URL, a failed or
    /// late download, or anything that is not an image.
    private func downloadImage(_ address: String?) async -> URL? {
        guard let address, let url = URL(string: address), url.scheme == "https" || url.scheme == "http",
            url.host != nil
        else { return nil }
        let transport = transport
        let timeout = imageTimeout
        let response = await Deadline.run(seconds: timeout) { () -> TransportResponse? in
            try? await transport.send(TransportRequest(method: "GET", url: url, timeout: timeout))
        }
        guard let response = response ?? nil, response.status == 200, !response.body.isEmpty,
            let fileExtension = Self.imageExtension(
                url: url,
                contentType: response.headers.first {
                    $0.key.lowercased() == "content-type"
                }?.value)
        else { return nil }
        let file = attachmentDirectory.appendingPathComponent("\(UUID().uuidString).\(fileExtension)")
        do {
            try response.body.write(to: file, options: .atomic)
            return file
        } catch {
            return nil
        }
    }

    static func imageExtension(url: URL, contentType: String?) -> String? {
        let known = ["png", "jpg", "jpeg", "gif", "heic", "webp"]
        if let type = contentType?.lowercased(), type.hasPrefix("image/") {
            let subtype = String(type.dropFirst("image/".count).prefix { $0 != ";" })
            if known.contains(subtype) { return subtype }
        }
        let fromPath = url.pathExtension.lowercased()
        return known.contains(fromPath) ? fromPath : nil
    }
}
