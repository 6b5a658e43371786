import Foundation
import SpecsmithCore
import SpecsmithGenerator

/// Runs one command over the specs discovery found.
struct CommandRunner {
    var root: URL
    /// The folder holding one folder per module; `<root>/Sources` unless `--sources` says otherwise.
    var sources: URL
    /// The command that regenerates what `check` finds out of date, as the user should type it.
    var regenerateCommand: String
    let generator = SpecsmithGenerator()

    /// A spec that loaded without errors, resolved, with the job that asked for it, its path as
    /// messages show it and its path as banners name it.
    struct Loaded {
        var job: SpecJob
        var resolved: ResolvedSpec
        var path: String
        var bannerPath: String
    }

    /// The spec files `arguments` name: files as given, and for a folder every `*.json` in it except
    /// JSON Schemas (`*.schema.json`), sorted, so `specsmith check Spec` covers the whole folder.
    static func specFiles(_ arguments: [String]) -> [String] {
        arguments.flatMap { argument -> [String] in
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: argument, isDirectory: &isFolder), isFolder.boolValue else {
                return [argument]
            }
            let names = (try? FileManager.default.contentsOfDirectory(atPath: argument)) ?? []
            let folder = argument.hasSuffix("/") ? argument : argument + "/"
            return names.filter { $0.hasSuffix(".json") && !$0.hasSuffix(".schema.json") }.sorted().map { folder + $0 }
        }
    }

    /// Loads each job's spec; prints diagnostics; returns them all only when every one is valid.
    func load(_ jobs: [SpecJob]) -> [Loaded]? {
        if jobs.isEmpty {
            FileHandle.standardError.write(Data("specsmith: no spec files found\n".utf8))
            return nil
        }
        var loaded: [Loaded] = []
        var failed = false
        for job in jobs {
            let display = relativePath(job.specPath)
            let result = SpecLoader.load(path: job.specPath)
            if !result.diagnostics.all.isEmpty {
                FileHandle.standardError.write(Data((result.diagnostics.rendered(file: display) + "\n").utf8))
            }
            if let resolved = result.resolved {
                loaded.append(Loaded(job: job, resolved: resolved, path: display, bannerPath: bannerPath(job.specPath)))
            } else {
                failed = true
            }
        }
        return failed ? nil : loaded
    }

    /// `path` relative to the root when it lies inside it, else as given: what messages show.
    func relativePath(_ path: String) -> String {
        let rootPath = root.standardizedFileURL.path + "/"
        let absolute = Self.absolute(path)
        return absolute.hasPrefix(rootPath) ? String(absolute.dropFirst(rootPath.count)) : path
    }

    /// `path` relative to the root wherever it lies (`../api.json` for a spec beside the package), so
    /// a banner reads the same from any working directory and on every machine.
    func bannerPath(_ path: String) -> String {
        // Symlinks resolved on both sides: a checkout reached through one (or macOS's /tmp) still
        // names a spec inside it as `Spec/api.json`.
        let target = URL(fileURLWithPath: Self.absolute(path)).resolvingSymlinksInPath().path.split(separator: "/")
        let base = root.standardizedFileURL.resolvingSymlinksInPath().path.split(separator: "/")
        let shared = zip(target, base).prefix { $0 == $1 }.count
        return (Array(repeating: "..", count: base.count - shared) + target.dropFirst(shared).map(String.init))
            .joined(separator: "/")
    }

    /// `path` made absolute against the working directory, with `.` and `..` resolved.
    private static func absolute(_ path: String) -> String {
        URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
            .standardizedFileURL.path
    }
}
