import Foundation
import SpecsmithCore
import SpecsmithGenerator

extension CommandRunner {
    func lint(_ jobs: [SpecJob]) -> ExitStatus {
        guard let specs = load(jobs) else { return .failure }
        for loaded in specs { print("\(loaded.path): ok") }
        return .success
    }

    /// Writes every kept part of each spec; `summary` says whether to count what was written (a build
    /// plugin's single file is written silently, as the build log has no use for the count).
    func generate(_ jobs: [SpecJob], summary: Bool = true) -> ExitStatus {
        guard let specs = load(jobs) else { return .failure }
        var written = 0
        var unchanged = 0
        for loaded in specs {
            let output = plannedOutput(loaded.job, resolved: loaded.resolved, path: loaded.bannerPath)
            for file in output.files {
                do {
                    if try FileWriter.write(file.contents, to: file.url) { written += 1 } else { unchanged += 1 }
                } catch {
                    fail("cannot write \(file.url.path): \(error)", status: .failure)
                }
            }
            for (extra, _) in output.extraFiles() {
                try? FileManager.default.removeItem(at: extra)
                print("removed \(relativePath(extra.path))")
            }
        }
        if summary { print("specsmith: \(written) file(s) written, \(unchanged) unchanged") }
        return .success
    }

    /// Compares every kept file with what its spec produces; lists each difference with the part and spec
    /// it comes from, and the command that brings them back in line.
    func check(_ jobs: [SpecJob]) -> ExitStatus {
        guard let specs = load(jobs) else { return .failure }
        var stale: [String] = []
        var notKept: [String] = []
        for loaded in specs {
            let output = plannedOutput(loaded.job, resolved: loaded.resolved, path: loaded.bannerPath)
            func origin(_ module: SpecsmithGenerator.File.Module) -> String {
                "(\(module.partName) of \(loaded.path))"
            }
            for file in output.files {
                let current = FileManager.default.contents(atPath: file.url.path)
                if current == nil {
                    stale.append("missing: \(relativePath(file.url.path)) \(origin(file.module))")
                } else if current != Data(file.contents.utf8) {
                    stale.append("stale:   \(relativePath(file.url.path)) \(origin(file.module))")
                }
            }
            stale += output.extraFiles().map { "extra:   \(relativePath($0.url.path)) \(origin($0.module))" }
            if !output.notKept.isEmpty {
                notKept.append("\(output.notKept.map(\.partName).joined(separator: " and ")) of \(loaded.path)")
            }
        }
        if !notKept.isEmpty {
            print("specsmith: generated, not kept, so not compared: \(notKept.joined(separator: "; "))")
        }
        if stale.isEmpty {
            print("specsmith: generated code is up to date with \(specs.count) spec(s)")
            return .success
        }
        FileHandle.standardError.write(
            Data(
                (stale.joined(separator: "\n")
                    + "\nspecsmith: \(stale.count) generated file(s) differ from the specs; to regenerate them, run\n"
                    + "    \(regenerateCommand)\n").utf8))
        return .failure
    }

    func openapi(_ arguments: Arguments) -> ExitStatus {
        guard arguments.positional.count == 1 else { fail("openapi takes exactly one spec") }
        let jobs = Self.specFiles(arguments.positional).map { SpecJob(specPath: $0, placements: .standard) }
        guard let loaded = load(jobs)?.first else { return .failure }
        let document = OpenAPIExporter(loaded.resolved).document()
        if let output = arguments.options["output"] ?? arguments.options["o"] {
            do {
                _ = try FileWriter.write(document, to: URL(fileURLWithPath: output))
            } catch {
                fail("cannot write \(output): \(error)", status: .failure)
            }
        } else {
            FileHandle.standardOutput.write(Data(document.utf8))
        }
        return .success
    }
}
