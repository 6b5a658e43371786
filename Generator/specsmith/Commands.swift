import Foundation
import SpecsmithCore
import SpecsmithGenerator

/// The subcommands and their help texts.
enum Command: String, CaseIterable {
    case generate, lint, check, openapi

    var summary: String {
        switch self {
        case .generate: "Regenerate the SDK and mock modules of each spec."
        case .lint: "Check specs and print every problem, compiler-style."
        case .check: "Fail (exit 1) when checked-in generated files differ from what the specs produce."
        case .openapi: "Export a spec as an OpenAPI 3.1 JSON document."
        }
    }

    var help: String {
        switch self {
        case .generate:
            """
            USAGE: specsmith generate <spec.json | folder>... [--root <dir>] [--sources <dir>]
                   [--single-file <path> --part sdk|mock|backend]

            A folder stands for every *.json in it except JSON Schemas (*.schema.json).

            Writes Sources/<module>/Generated/*.swift, Sources/<mockModule>/Generated/*.swift and, for
            backendOnly endpoints, Sources/<backendModule>/Generated/*.swift under the root (default: the
            current directory). A file is rewritten only when its bytes change,
            and generated files no spec produces any more are removed.

            OPTIONS:
              --root <dir>          The package root the Sources folder and banner paths are relative to.
              --sources <dir>       The folder of module folders (default: <root>/Sources).
              --single-file <path>  Write one part of one spec into a single file (for build plugins).
              --part <part>         Which part --single-file writes: sdk (default), mock or backend.
              --help                Show this help.
            """
        case .lint:
            """
            USAGE: specsmith lint <spec.json | folder>...

            Reads and validates each spec and prints every problem as
            FILE:LINE:COL: error: message, with a note where the fix is obvious.
            Exits 1 when any spec has an error.
            """
        case .check:
            """
            USAGE: specsmith check <spec.json | folder>... [--root <dir>] [--sources <dir>]

            Generates each spec in memory and compares it with the files under Sources/. Lists every
            stale, missing or extra file and exits 1 if there is any; exits 0 when all are current.
            """
        case .openapi:
            """
            USAGE: specsmith openapi <spec.json> [--output <file>]

            Writes the spec as an OpenAPI 3.1 document (to standard output unless --output is given),
            so Swagger UI, validators and fuzzers can read the API.
            """
        }
    }
}

/// What a command run ended with.
enum ExitStatus: Int32 {
    case success = 0
    case failure = 1
    case usage = 64
}

struct CommandRunner {
    var root: URL
    /// The folder holding one folder per module; `<root>/Sources` unless `--sources` says otherwise.
    var sources: URL
    let generator = SpecsmithGenerator()

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

    /// Loads each spec; prints diagnostics; returns the valid ones with their banner paths.
    func load(_ arguments: [String]) -> [(spec: Spec, path: String)]? {
        var loaded: [(Spec, String)] = []
        var failed = false
        let paths = Self.specFiles(arguments)
        if paths.isEmpty {
            let named = arguments.joined(separator: " ")
            FileHandle.standardError.write(Data("specsmith: no spec files in \(named)\n".utf8))
            return nil
        }
        for path in paths {
            let display = relativePath(path)
            let result = SpecLoader.load(path: path)
            if !result.diagnostics.all.isEmpty {
                FileHandle.standardError.write(Data((result.diagnostics.rendered(file: display) + "\n").utf8))
            }
            if let spec = result.validSpec {
                loaded.append((spec, display))
            } else {
                failed = true
            }
        }
        return failed ? nil : loaded
    }

    /// `path` relative to the root when it lies inside it, so banners read the same on every machine.
    func relativePath(_ path: String) -> String {
        let absolute = URL(
            fileURLWithPath: path, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        )
        .standardizedFileURL.path
        let rootPath = root.standardizedFileURL.path + "/"
        return absolute.hasPrefix(rootPath) ? String(absolute.dropFirst(rootPath.count)) : path
    }

    func generatedFolder(_ spec: Spec, _ module: SpecsmithGenerator.File.Module) -> URL {
        sources.appendingPathComponent(
            SpecsmithGenerator.File.folder(of: module, for: spec.service), isDirectory: true)
    }

    /// Every file a spec produces, with the place it belongs; a spec the generator cannot handle ends
    /// the run with its diagnostics.
    func plannedFiles(_ spec: Spec, path: String) -> [(url: URL, contents: String)] {
        do {
            return try generator.generate(spec, specPath: path).map { file in
                (generatedFolder(spec, file.module).appendingPathComponent(file.name), file.contents)
            }
        } catch {
            reportAndExit(error, path: path)
        }
    }

    /// Prints what the generator could not handle and exits with a failure.
    func reportAndExit(_ failure: GenerationFailure, path: String) -> Never {
        FileHandle.standardError.write(Data((failure.diagnostics.rendered(file: path) + "\n").utf8))
        exit(ExitStatus.failure.rawValue)
    }

    /// Swift files in the spec's Generated folders that it no longer produces.
    func extraFiles(_ spec: Spec, planned: [URL]) -> [URL] {
        let keep = Set(planned.map(\.standardizedFileURL.path))
        return SpecsmithGenerator.File.Module.allCases.flatMap { module -> [URL] in
            let folder = generatedFolder(spec, module)
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            return names.filter { $0.hasSuffix(module == .documentation ? ".md" : ".swift") }.sorted()
                .map { folder.appendingPathComponent($0) }
                .filter { !keep.contains($0.standardizedFileURL.path) }
        }
    }
}
