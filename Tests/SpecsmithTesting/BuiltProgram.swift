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
public func launch(_ program: URL, _ arguments: [String], withInput: Bool = false) async throws -> (
    process: Subprocess, firstLine: String
) {
    let process = try Subprocess(program.path, arguments, withInput: withInput, capturingErrors: false)
    let firstLine = await blocking {
        var line = Data()
        while let byte = try? process.output.read(upToCount: 1), let value = byte.first, value != 10 {
            line.append(value)
        }
        return String(decoding: line, as: UTF8.self)
    }
    return (process, firstLine)
}

/// Runs the standalone mock `name` on an ephemeral port for the length of `body`, which gets the
/// process and its first line. However `body` ends (returning, throwing, a failed `#require`), a
/// mock still running is terminated and awaited; and the mock stops when its standard input, a
/// pipe this process holds, closes, so even a crashed test run leaves no server behind to hold
/// `swift test`'s output open.
public func withStandaloneMock<Result>(
    _ name: String, _ body: (Subprocess, String) async throws -> Result
) async throws -> Result {
    let (process, firstLine) = try await launch(
        builtProgram(name), ["--port", "0", "--stop-when-stdin-closes"], withInput: true)
    func stop() async {
        guard process.isRunning else { return }
        process.terminate()
        _ = await blocking { process.waitUntilExit() }
    }
    do {
        let result = try await body(process, firstLine)
        await stop()
        return result
    } catch {
        await stop()
        throw error
    }
}
