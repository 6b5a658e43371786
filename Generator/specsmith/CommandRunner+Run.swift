import Foundation
import SpecsmithCore
import SpecsmithGenerator

extension CommandRunner {
    func lint(_ paths: [String]) -> ExitStatus {
        guard let specs = load(paths) else { return .failure }
        for (_, path) in specs { print("\(path): ok") }
        return .success
    }

    func generate(_ arguments: Arguments) -> ExitStatus {
        guard let specs = load(arguments.positional) else { return .failure }
        if let single = arguments.options["single-file"] {
            return writeSingleFile(specs, to: single, part: arguments.options["part"] ?? "sdk")
        }
        var written = 0
        var unchanged = 0
        for (spec, path) in specs {
            let planned = plannedFiles(spec, path: path)
            for (url, contents) in planned {
                do {
                    if try FileWriter.write(contents, to: url) { written += 1 } else { unchanged += 1 }
                } catch {
                    fail("cannot write \(url.path): \(error)", status: .failure)
                }
            }
            for extra in extraFiles(spec, planned: planned.map(\.url)) {
                try? FileManager.default.removeItem(at: extra)
                print("removed \(relativePath(extra.path))")
            }
        }
        print("specsmith: \(written) file(s) written, \(unchanged) unchanged")
        return .success
    }

    private func writeSingleFile(_ specs: [(spec: Spec, path: String)], to path: String, part: String) -> ExitStatus {
        guard specs.count == 1, let (spec, specPath) = specs.first else {
            fail("--single-file takes exactly one spec")
        }
        let parts: [String: SpecsmithGenerator.File.Module] = ["sdk": .sdk, "mock": .mock, "backend": .backend]
        guard let module = parts[part] else {
            fail("--part must be sdk, mock or backend")
        }
        let merged: String
        do {
            merged = try generator.generateSingleFile(spec, specPath: specPath, module: module)
        } catch {
            reportAndExit(error, path: specPath)
        }
        do {
            _ = try FileWriter.write(merged, to: URL(fileURLWithPath: path))
        } catch {
            fail("cannot write \(path): \(error)", status: .failure)
        }
        return .success
    }

    func check(_ paths: [String]) -> ExitStatus {
        guard let specs = load(paths) else { return .failure }
        var stale: [String] = []
        for (spec, path) in specs {
            let planned = plannedFiles(spec, path: path)
            for (url, contents) in planned {
                let current = FileManager.default.contents(atPath: url.path)
                if current == nil {
                    stale.append("missing: \(relativePath(url.path))")
                } else if current != Data(contents.utf8) {
                    stale.append("stale:   \(relativePath(url.path))")
                }
            }
            stale += extraFiles(spec, planned: planned.map(\.url)).map { "extra:   \(relativePath($0.path))" }
        }
        if stale.isEmpty {
            print("specsmith: generated code is up to date with \(specs.count) spec(s)")
            return .success
        }
        FileHandle.standardError.write(
            Data(
                (stale.joined(separator: "\n")
                    + "\nspecsmith: generated code differs from the specs; run "
                    + "`swift package plugin --allow-writing-to-package-directory generate-sdk`\n").utf8))
        return .failure
    }

    func openapi(_ arguments: Arguments) -> ExitStatus {
        guard arguments.positional.count == 1 else { fail("openapi takes exactly one spec") }
        guard let specs = load(arguments.positional), let (spec, _) = specs.first else { return .failure }
        let document = OpenAPIExporter(spec: spec).document()
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
