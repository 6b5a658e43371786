import Foundation
import OpenNotificationExtension
import SpecsmithTesting
import Testing

/// The file in the App Group container where the extension leaves delivered reports for the app.
@Suite struct SharedDeliveredReportsTests {
    /// A fresh folder standing in for the App Group container.
    static func folder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("on-group-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    static func withFolder(_ body: (URL) throws -> Void) throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try body(folder)
    }

    static let stored = Date(timeIntervalSince1970: 1_800_000_000)

    @Test func aKeptReportIsReadBackAndRemovedOnce() throws {
        try Self.withFolder { folder in
            let reports = SharedDeliveredReports(directory: folder)
            try reports.add(msgID: "msg-1", at: Self.stored)
            try reports.add(msgID: "msg-2", at: Self.stored.addingTimeInterval(1))
            try reports.add(msgID: "msg-1", at: Self.stored.addingTimeInterval(2))
            let pending = reports.pending()
            #expect(pending.problem == nil)
            #expect(pending.reports.map(\.msgID) == ["msg-1", "msg-2"])
            #expect(pending.reports.first?.storedAt == Self.stored)
            try reports.remove(msgIDs: ["msg-1"])
            #expect(reports.pending().reports.map(\.msgID) == ["msg-2"])
            try reports.remove(msgIDs: ["msg-2", "msg-9"])
            #expect(reports.pending().reports.isEmpty)
        }
    }

    @Test func theFileHoldsMessageIDsAndTimesOnlyUnderAVersion() throws {
        try Self.withFolder { folder in
            try SharedDeliveredReports(directory: folder).add(msgID: "msg-1", at: Self.stored)
            let file = folder.appendingPathComponent("OpenNotification/delivered-reports.json")
            #expect(
                try String(contentsOf: file, encoding: .utf8)
                    == #"{"reports":[{"msgId":"msg-1","storedAt":"2027-01-15T08:00:00Z"}],"version":1}"#)
        }
    }

    @Test func theOldestReportsGoPastTheLimit() throws {
        try Self.withFolder { folder in
            let reports = SharedDeliveredReports(directory: folder, limit: 3)
            for index in 1...5 { try reports.add(msgID: "msg-\(index)", at: Self.stored) }
            #expect(reports.pending().reports.map(\.msgID) == ["msg-3", "msg-4", "msg-5"])
        }
    }

    @Test(arguments: [
        Data("{\"reports\":[{\"msgId\":\"msg-1\",\"stor".utf8),
        Data([0xff, 0x00, 0x13]),
        Data(#"{"reports":[{"msgId":"msg-1","storedAt":"2027-01-15T08:00:00Z"}],"version":2}"#.utf8),
        Data(#"{"version":1,"reports":"msg-1"}"#.utf8),
    ])
    func aDamagedFileCountsAsEmptyAndTheNextReportReplacesIt(damage: Data) throws {
        try Self.withFolder { folder in
            let reports = SharedDeliveredReports(directory: folder)
            try FileManager.default.createDirectory(
                at: folder.appendingPathComponent("OpenNotification"), withIntermediateDirectories: true)
            try damage.write(to: folder.appendingPathComponent("OpenNotification/delivered-reports.json"))
            let damaged = reports.pending()
            #expect(damaged.reports.isEmpty)
            #expect(damaged.problem?.hasPrefix("the shared delivered reports could not be read") == true)
            try reports.add(msgID: "msg-7", at: Self.stored)
            let repaired = reports.pending()
            #expect(repaired.problem == nil)
            #expect(repaired.reports.map(\.msgID) == ["msg-7"])
        }
    }

    @Test func aDamagedFileIsReplacedWhenTheAppClearsItsReports() throws {
        try Self.withFolder { folder in
            let reports = SharedDeliveredReports(directory: folder)
            try reports.add(msgID: "msg-1", at: Self.stored)
            try Data("{\"rep".utf8).write(to: folder.appendingPathComponent("OpenNotification/delivered-reports.json"))
            try reports.remove(msgIDs: ["msg-1"])
            #expect(reports.pending().problem == nil)
            #expect(reports.pending().reports.isEmpty)
        }
    }

    @Test func twoWritersAtOnceLoseNoReport() throws {
        try Self.withFolder { folder in
            // Two stores over one folder, as two extension runs (or extension and app) would have; each
            // change opens and locks the file on its own, so they exclude each other as processes do.
            let writers = [SharedDeliveredReports(directory: folder), SharedDeliveredReports(directory: folder)]
            let failures = Recorder<[String]>([])
            DispatchQueue.concurrentPerform(iterations: 120) { index in
                do {
                    try writers[index % 2].add(msgID: "msg-\(index)", at: Self.stored)
                } catch {
                    failures.update { $0.append("\(error)") }
                }
            }
            #expect(failures.value.isEmpty)
            let kept = Set(writers[0].pending().reports.map(\.msgID))
            #expect(kept == Set((0..<120).map { "msg-\($0)" }))
        }
    }

    @Test func aWriterAndARemoverAtOnceKeepWhatWasNotTaken() throws {
        try Self.withFolder { folder in
            let extensionSide = SharedDeliveredReports(directory: folder)
            let appSide = SharedDeliveredReports(directory: folder)
            for index in 0..<50 { try extensionSide.add(msgID: "old-\(index)", at: Self.stored) }
            let taken = Set((0..<50).map { "old-\($0)" })
            DispatchQueue.concurrentPerform(iterations: 51) { index in
                if index == 50 {
                    try? appSide.remove(msgIDs: taken)
                } else {
                    try? extensionSide.add(msgID: "new-\(index)", at: Self.stored)
                }
            }
            #expect(Set(appSide.pending().reports.map(\.msgID)) == Set((0..<50).map { "new-\($0)" }))
        }
    }

    @Test func aFolderThatCannotBeWrittenFailsTheAdd() throws {
        try Self.withFolder { folder in
            let file = folder.appendingPathComponent("not-a-folder")
            try Data("x".utf8).write(to: file)
            #expect(throws: (any Error).self) {
                try SharedDeliveredReports(directory: file).add(msgID: "msg-1")
            }
        }
    }

    @Test func theAppGroupComesFromTheInfoPlist() {
        #expect(
            SharedDeliveredReports.appGroupIdentifier(infoDictionary: [
                "OpenNotificationAppGroup": "group.com.example.app"
            ])
                == "group.com.example.app")
        #expect(SharedDeliveredReports.appGroupIdentifier(infoDictionary: ["OpenNotificationAppGroup": ""]) == nil)
        #expect(SharedDeliveredReports.appGroupIdentifier(infoDictionary: ["OpenNotificationAppGroup": 7]) == nil)
        #expect(SharedDeliveredReports.appGroupIdentifier(infoDictionary: [:]) == nil)
        #expect(SharedDeliveredReports.appGroupIdentifier(infoDictionary: nil) == nil)
    }

    @Test func withoutAnAppGroupThereIsNoSharedFolder() {
        #expect(SharedDeliveredReports.appGroup(infoDictionary: [:], fileManager: .default) == nil)
        #if os(Linux)
            // Linux has no App Groups: even a named group has no container here.
            #expect(
                SharedDeliveredReports.appGroup(
                    infoDictionary: ["OpenNotificationAppGroup": "group.com.example.app"], fileManager: .default) == nil
            )
        #endif
    }
}
