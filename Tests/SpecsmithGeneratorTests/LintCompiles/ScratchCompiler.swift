import Foundation
import SpecsmithGenerator
import SpecsmithTesting

/// Compiles generated modules with `swiftc` against the runtime and mock modules SwiftPM built for
/// this test run, many specs per module: each spec has its own namespace, so one compiler run can
/// check a whole batch, and an error names the file, hence the spec, it belongs to.
struct ScratchCompiler {
    /// Where SwiftPM put `SpecsmithRuntime.swiftmodule` and `SpecsmithMock.swiftmodule`.
    let modules: URL
    let scratch: URL
    /// Whether each compiler run prints what it compiled and how long it took.
    var verbose = ProcessInfo.processInfo.environment["SPECSMITH_LINT_COMPILE_VERBOSE"] != nil

    /// The generated files of one spec, by module.
    struct Unit: Sendable {
        var service: String
        var module: String
        var sdk: [SpecsmithGenerator.File]
        var mock: [SpecsmithGenerator.File]
        var backend: [SpecsmithGenerator.File]
    }

    /// The compiler's errors for one spec, or none when its modules compiled.
    typealias Verdicts = [String: [String]]

    init(scratch: URL) throws {
        modules = builtProgram("Modules")
        self.scratch = scratch
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    }

    /// Compiles every unit and says, for each service, the errors its code has. Units that fail are
    /// taken out and the rest compiled again, until what is left compiles: one spec's errors never
    /// hide or cause another's.
    func compile(_ units: [Unit], label: String = "batch") throws -> Verdicts {
        var verdicts: Verdicts = [:]
        var pending = units
        var round = 0
        while !pending.isEmpty {
            round += 1
            let failures = try compileOnce(pending, label: "\(label)-\(round)")
            if let stray = failures["?"] {
                // An error in no spec's file: nothing can be told apart, so every spec left carries it.
                for unit in pending { verdicts[unit.service] = stray }
                break
            }
            if failures.isEmpty {
                for unit in pending { verdicts[unit.service] = [] }
                break
            }
            for (service, errors) in failures { verdicts[service] = errors }
            pending.removeAll { failures[$0.service] != nil }
        }
        return verdicts
    }

    /// One compiler run per module kind; the errors found, by service.
    private func compileOnce(_ units: [Unit], label: String) throws -> [String: [String]] {
        var failures: [String: [String]] = [:]
        // Modules of one batch share their names; they differ between batches only.
        let byModule = Dictionary(grouping: units, by: \.module)
        for (module, group) in byModule.sorted(by: { $0.key < $1.key }) {
            let folder = scratch.appendingPathComponent("\(module)-\(label)")
            try? FileManager.default.removeItem(at: folder)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let sdkErrors = try run(module, files: group.map { ($0.service, $0.sdk) }, in: folder, importing: [])
            failures.merge(sdkErrors) { $0 + $1 }
            // The other modules import the SDK module, which exists only once it compiled whole.
            guard sdkErrors.isEmpty else { continue }
            let built = group
            let withBackend = built.filter { !$0.backend.isEmpty }
            if !withBackend.isEmpty {
                let errors = try run(
                    module + "Backend", files: withBackend.map { ($0.service, $0.backend) }, in: folder,
                    importing: [folder])
                failures.merge(errors) { $0 + $1 }
            }
            let mockErrors = try run(
                module + "Mock", files: built.map { ($0.service, $0.mock) }, in: folder, importing: [folder])
            failures.merge(mockErrors) { $0 + $1 }
        }
        return failures
    }

    /// The folder that holds the modules `compile` built for `module` in `label`'s first round: a
    /// batch that compiled whole is all there.
    func folder(module: String, label: String) -> URL {
        scratch.appendingPathComponent("\(module)-\(label)-1")
    }

    /// Type-checks app sources, each written against modules in `folder`; the compiler's errors by
    /// source name (`"?"` for errors in no source's file). Sources are checked in one run.
    func typecheck(_ sources: [(name: String, text: String)], importing folder: URL, label: String) throws -> [String:
        [String]]
    {
        let directory = scratch.appendingPathComponent("apps-\(label)")
        try? FileManager.default.removeItem(at: directory)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var paths: [String] = []
        for source in sources {
            let url = directory.appendingPathComponent("\(source.name)__app.swift")
            try Data(source.text.utf8).write(to: url)
            paths.append(url.path)
        }
        let arguments =
            [
                "swiftc", "-typecheck", "-wmo", "-continue-building-after-errors", "-module-name", "DiffApp",
                "-parse-as-library", "-swift-version", "6",
                "-I", modules.path, "-I", folder.path,
            ] + paths
        let result = try Subprocess.run("/usr/bin/env", arguments)
        guard result.status != 0 else { return [:] }
        let output = String(decoding: result.errors + result.output, as: UTF8.self)
        var errors: [String: [String]] = [:]
        for line in output.split(separator: "\n") where line.contains(": error: ") {
            let file = URL(fileURLWithPath: line.split(separator: ":").first.map(String.init) ?? "").lastPathComponent
            let name = file.components(separatedBy: "__").first ?? "?"
            errors[sources.contains { $0.name == name } ? name : "?", default: []].append(String(line))
        }
        if errors.isEmpty { errors["?"] = [String(output.suffix(2000))] }
        return errors
    }

    /// Builds an executable from `source` and the objects of modules `compile` built in `folders`,
    /// linked with the runtime SwiftPM built, and runs it; its output, or the compiler's errors.
    func run(_ source: String, linking objects: [URL], importing folders: [URL], label: String) throws -> (
        built: Bool, output: String
    ) {
        let directory = scratch.appendingPathComponent("program-\(label)")
        try? FileManager.default.removeItem(at: directory)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        // The runtime's objects as SwiftPM compiled them for this test run, beside its module folder.
        let runtime = modules.deletingLastPathComponent().appendingPathComponent("SpecsmithRuntime.build")
        let runtimeObjects = try FileManager.default.contentsOfDirectory(at: runtime, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "o" }.sorted { $0.path < $1.path }
        let main = directory.appendingPathComponent("main.swift")
        try Data(source.utf8).write(to: main)
        let program = directory.appendingPathComponent("program")
        var arguments: [String] = ["swiftc", "-swift-version", "6", "-parse-as-library", "-I", modules.path]
        for folder in folders { arguments += ["-I", folder.path] }
        arguments.append(main.path)
        arguments += objects.map(\.path)
        arguments += runtimeObjects.map(\.path)
        arguments += ["-o", program.path]
        let built = try Subprocess.run("/usr/bin/env", arguments)
        guard built.status == 0 else {
            return (false, String(decoding: built.errors + built.output, as: UTF8.self))
        }
        let ran = try Subprocess.run(program.path, [])
        return (ran.status == 0, String(decoding: ran.output + ran.errors, as: UTF8.self))
    }

    /// Compiles `files` as module `name`; the errors by service (`"?"` for errors in no spec's file).
    private func run(
        _ name: String, files: [(service: String, files: [SpecsmithGenerator.File])], in folder: URL,
        importing: [URL]
    ) throws -> [String: [String]] {
        let sources = folder.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
        var paths: [String] = []
        for (service, generated) in files {
            for file in generated {
                let url = sources.appendingPathComponent("\(service)__\(file.name)")
                try Data(file.contents.utf8).write(to: url)
                paths.append(url.path)
            }
        }
        guard !paths.isEmpty else { return [:] }
        let arguments =
            [
                "swiftc", "-module-name", name, "-parse-as-library", "-swift-version", "6", "-wmo", "-c",
                "-emit-module", "-emit-module-path", folder.appendingPathComponent("\(name).swiftmodule").path,
                "-o", folder.appendingPathComponent("\(name).o").path, "-I", modules.path,
                "-package-name", "propertyspecs", "-warnings-as-errors",
            ] + importing.flatMap { ["-I", $0.path] } + paths
        let started = Date()
        let result = try Subprocess.run("/usr/bin/env", arguments)
        if verbose {
            print("swiftc \(name): \(files.count) specs, \(paths.count) files, \(Date().timeIntervalSince(started)) s")
        }
        guard result.status != 0 else { return [:] }
        let output = String(decoding: result.errors + result.output, as: UTF8.self)
        var errors: [String: [String]] = [:]
        for line in output.split(separator: "\n") where line.contains(": error: ") {
            let file = line.split(separator: ":").first.map(String.init) ?? ""
            let base = URL(fileURLWithPath: file).lastPathComponent
            let service = base.components(separatedBy: "__").first.flatMap { $0.isEmpty ? nil : $0 } ?? "?"
            errors[files.contains { $0.service == service } ? service : "?", default: []].append(String(line))
        }
        if errors.isEmpty { errors["?"] = [String(output.suffix(2000))] }
        return errors
    }
}
