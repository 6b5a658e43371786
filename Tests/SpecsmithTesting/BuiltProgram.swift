import Foundation

/// A program SwiftPM built beside the test bundle (a standalone mock, the CLI): the folder of the
/// running test binary and its parents are searched for `name`.
public func builtProgram(_ name: String) -> URL {
    var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    while !FileManager.default.fileExists(atPath: folder.appendingPathComponent(name).path), folder.path != "/" {
        folder = folder.deletingLastPathComponent()
    }
    return folder.appendingPathComponent(name)
}

/// Starts `program` and waits, off Swift's cooperative threads, for the first line it prints, such
/// as a standalone mock's `… listening on http://127.0.0.1:PORT`.
public func launch(_ program: URL, _ arguments: [String]) async throws -> (process: Process, firstLine: String) {
    let process = Process()
    process.executableURL = program
    process.arguments = arguments
    let output = Pipe()
    process.standardOutput = output
    try process.runSerially()
    let firstLine = await blocking {
        var line = Data()
        while let byte = try? output.fileHandleForReading.read(upToCount: 1), let value = byte.first, value != 10 {
            line.append(value)
        }
        return String(decoding: line, as: UTF8.self)
    }
    return (process, firstLine)
}
