import Foundation
import SpecsmithCore

extension CommandRunner {
    /// `specsmith diff OLD NEW`, or `specsmith diff SPEC --against REV`: the report in the format
    /// asked for, and exit status 1 when `--fail-on` finds a change it gates on.
    func diff(_ arguments: Arguments) -> ExitStatus {
        let format = arguments.options["format"] ?? "text"
        guard ["text", "json", "changelog"].contains(format) else {
            fail("--format must be text, json or changelog")
        }
        var gate: SpecDiff.Gate?
        if let value = arguments.options["fail-on"] {
            guard let known = SpecDiff.Gate(rawValue: value) else { fail("--fail-on must be breaking, wire or source") }
            gate = known
        }
        let old: (text: String, display: String)
        let newPath: String
        if let revision = arguments.options["against"] {
            guard arguments.positional.count == 1, let path = arguments.positional.first else {
                fail("diff --against takes exactly one spec")
            }
            do {
                old = (try GitRevision.text(of: path, at: revision), "\(relativePath(path))@\(revision)")
            } catch {
                fail(error.description, status: .failure)
            }
            newPath = path
        } else {
            guard arguments.positional.count == 2 else { fail("diff takes two specs, or one and --against <rev>") }
            let path = arguments.positional[0]
            guard let data = FileManager.default.contents(atPath: path) else {
                fail("cannot read \(path)", status: .failure)
            }
            old = (String(decoding: data, as: UTF8.self), relativePath(path))
            newPath = arguments.positional[1]
        }
        let newDisplay = relativePath(newPath)
        let was = SpecLoader.load(text: old.text, path: old.display)
        let now = SpecLoader.load(path: newPath)
        if !now.diagnostics.all.isEmpty {
            FileHandle.standardError.write(Data((now.diagnostics.rendered(file: newDisplay) + "\n").utf8))
        }
        guard let newSpec = now.validSpec else {
            FileHandle.standardError.write(Data("specsmith: \(newDisplay) has errors; fix them before diffing\n".utf8))
            return .failure
        }
        // An old spec is what shipped: it is compared as read even if today's lint finds fault with it.
        guard let oldSpec = was.spec else {
            FileHandle.standardError.write(Data((was.diagnostics.rendered(file: old.display) + "\n").utf8))
            FileHandle.standardError.write(Data("specsmith: \(old.display) cannot be read as a spec\n".utf8))
            return .failure
        }
        if was.diagnostics.hasErrors {
            FileHandle.standardError.write(
                Data("specsmith: warning: \(old.display) does not pass today's lint; compared as read\n".utf8))
        }
        let diff = SpecDiff(old: oldSpec, new: newSpec, reexports: Self.reexports(near: newPath))
        let sides = DiffSides(old: old.display, new: newDisplay)
        let report =
            switch format {
            case "json": diff.json(sides)
            case "changelog": diff.changelog(title: arguments.options["title"] ?? "Unreleased")
            default: diff.text(sides)
            }
        FileHandle.standardOutput.write(Data(report.utf8))
        guard let gate else { return .success }
        let failures = diff.failures(gate)
        guard failures.isEmpty else {
            FileHandle.standardError.write(
                Data("specsmith: --fail-on \(gate.rawValue): \(failures.count) change(s) fail the gate\n".utf8))
            return .failure
        }
        return .success
    }

    /// The modules of the package that holds `specPath` (the nearest folder above it with a
    /// `Package.swift`, else the current one), each with what its sources `@_exported import`.
    static func reexports(near specPath: String) -> [String: Set<String>] {
        let manager = FileManager.default
        var folder = URL(fileURLWithPath: specPath).standardizedFileURL.deletingLastPathComponent()
        while !manager.fileExists(atPath: folder.appendingPathComponent("Package.swift").path),
            folder.pathComponents.count > 1
        {
            folder.deleteLastPathComponent()
        }
        if !manager.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) {
            folder = URL(fileURLWithPath: manager.currentDirectoryPath)
        }
        let sources = folder.appendingPathComponent("Sources")
        var found: [String: Set<String>] = [:]
        for module in (try? manager.contentsOfDirectory(atPath: sources.path)) ?? [] {
            let root = sources.appendingPathComponent(module)
            guard let files = manager.enumerator(atPath: root.path) else { continue }
            for case let file as String in files where file.hasSuffix(".swift") {
                guard let data = manager.contents(atPath: root.appendingPathComponent(file).path) else { continue }
                for line in String(decoding: data, as: UTF8.self).split(separator: "\n")
                where line.hasPrefix("@_exported import ") {
                    found[module, default: []].insert(String(line.dropFirst("@_exported import ".count)))
                }
            }
        }
        return found
    }
}
