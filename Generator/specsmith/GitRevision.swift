import Foundation

/// A spec file as it was at a git revision, read with `git show REV:./path`.
enum GitRevision {
    struct Problem: Error, CustomStringConvertible {
        var description: String
    }

    /// The text of `path` at `revision`, asking git from the file's own folder so the path may be
    /// relative to the current directory and the repository found from there.
    static func text(of path: String, at revision: String) throws(Problem) -> String {
        // A revision is never an option: `--against --output=…` must not reach git as one.
        guard !revision.isEmpty, !revision.hasPrefix("-") else {
            throw Problem(description: "\"\(revision)\" is not a revision")
        }
        let file = URL(fileURLWithPath: path)
        let folder = file.deletingLastPathComponent()
        guard FileManager.default.fileExists(atPath: folder.path) else {
            throw Problem(description: "\(folder.path) does not exist")
        }
        let inside = try git(["rev-parse", "--is-inside-work-tree"], in: folder)
        guard inside.status == 0 else {
            throw Problem(description: "--against needs a git repository, and \(folder.path) is not in one")
        }
        guard try git(["rev-parse", "--verify", "--quiet", "\(revision)^{commit}"], in: folder).status == 0 else {
            throw Problem(description: "git knows no revision \"\(revision)\"")
        }
        let shown = try git(["show", "\(revision):./\(file.lastPathComponent)"], in: folder)
        guard shown.status == 0 else {
            throw Problem(description: "\(path) did not exist at \(revision)")
        }
        return shown.output
    }

    private static func git(_ arguments: [String], in folder: URL) throws(Problem) -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git"] + arguments
        process.currentDirectoryURL = folder
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw Problem(description: "cannot run git: \(error.localizedDescription)")
        }
        // Read before waiting: a spec larger than the pipe's buffer would otherwise block git.
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
