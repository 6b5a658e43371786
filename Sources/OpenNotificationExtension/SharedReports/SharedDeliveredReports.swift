// Hand-written: the delivered reports the notification service extension could not send wait in the
// App Group container for the app, which sends them through its durable queue. No endpoint says
// this; it is a file two processes of one app share.
import Foundation

/// The delivered reports a notification service extension could not send, kept in a folder app and
/// extension share (the App Group container) until the app sends them.
///
/// One small JSON file (`OpenNotification/delivered-reports.json` under the folder) holds message ids
/// and when each was stored: nothing of the user's, no key. Each change reads, merges and replaces
/// the file atomically under an exclusive lock on a lock file beside it, so two extension runs at
/// once, or an extension and the app, lose no report; the lock is held only for that one change.
/// The file holds at most ``limit`` reports, the oldest dropped first. A file that cannot be read (cut
/// short, another format version) counts as empty and is replaced by the next change.
public struct SharedDeliveredReports: Sendable, Hashable {
    /// The file's format version; a file of another version is not read.
    static let version = 1

    /// The shared folder, such as the App Group container.
    public let directory: URL
    /// How many reports the file keeps at most.
    public let limit: Int

    /// Reports kept under `directory`.
    ///
    /// - Parameters:
    ///   - directory: A folder app and extension both reach: the App Group container, or any folder in tests.
    ///   - limit: How many reports are kept at most; past it the oldest are dropped.
    public init(directory: URL, limit: Int = 200) {
        self.directory = directory
        self.limit = max(1, limit)
    }

    /// The folder of the SDK's files inside ``directory``.
    var folder: URL { directory.appendingPathComponent("OpenNotification", isDirectory: true) }
    /// The reports.
    var file: URL { folder.appendingPathComponent("delivered-reports.json") }
    var lockFile: URL { folder.appendingPathComponent("delivered-reports.lock") }

    // MARK: - API for the extension and the app

    /// Keeps a report for the app; a message kept already is kept once.
    ///
    /// - Throws: `CocoaError` or `POSIXError` when the folder cannot be written.
    package func add(msgID: String, at date: Date = Date()) throws {
        try change { reports in
            guard !reports.contains(where: { $0.msgID == msgID }) else { return }
            reports.append(SharedDeliveredReport(msgID: msgID, storedAt: date))
        }
    }

    /// The reports waiting, oldest first, and a note when the file could not be read.
    package func pending() -> (reports: [SharedDeliveredReport], problem: String?) {
        do {
            return try withLock {
                do {
                    return (try read(), nil)
                } catch {
                    return ([], "the shared delivered reports could not be read and count as none: \(error)")
                }
            }
        } catch {
            return ([], "the shared delivered reports could not be locked: \(error)")
        }
    }

    /// Removes the reports of `msgIDs`: the app has taken them over, or the extension sent them after all.
    ///
    /// - Throws: `CocoaError` or `POSIXError` when the folder cannot be written.
    package func remove(msgIDs: Set<String>) throws {
        guard !msgIDs.isEmpty else { return }
        try change { reports in reports.removeAll { msgIDs.contains($0.msgID) } }
    }

    // MARK: - The file

    private struct Document: Codable {
        var version: Int
        var reports: [SharedDeliveredReport]
    }

    private struct UnknownVersion: Error, CustomStringConvertible {
        var found: Int
        var description: String { "format version \(found), not \(SharedDeliveredReports.version)" }
    }

    /// Reads, changes and replaces the file under the lock. A damaged file counts as empty and is
    /// replaced even when the change leaves nothing to keep.
    private func change(_ body: (inout [SharedDeliveredReport]) -> Void) throws {
        try withLock {
            let loaded = try? read()
            var reports = loaded ?? []
            body(&reports)
            if reports.count > limit { reports.removeFirst(reports.count - limit) }
            guard reports != loaded else { return }
            let encoder = JSONEncoder()
            encoder.outputFormatting = .sortedKeys
            encoder.dateEncodingStrategy = .iso8601
            try encoder.encode(Document(version: Self.version, reports: reports)).write(to: file, options: .atomic)
        }
    }

    /// The reports in the file; none when there is no file.
    private func read() throws -> [SharedDeliveredReport] {
        guard FileManager.default.fileExists(atPath: file.path) else { return [] }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        let document = try decoder.decode(Document.self, from: Data(contentsOf: file))
        guard document.version == Self.version else { throw UnknownVersion(found: document.version) }
        return document.reports
    }

    private func withLock<Result>(_ body: () throws -> Result) throws -> Result {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let lock = try FileLock(url: lockFile)
        defer { lock.unlock() }
        return try body()
    }
}

/// A delivered report the extension kept for the app.
package struct SharedDeliveredReport: Codable, Sendable, Hashable {
    /// The message (`on.i`).
    package var msgID: String
    /// When the extension gave up sending it.
    package var storedAt: Date

    enum CodingKeys: String, CodingKey {
        case msgID = "msgId"
        case storedAt
    }
}
