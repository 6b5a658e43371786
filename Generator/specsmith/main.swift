import Foundation
import SpecsmithCore
import SpecsmithGenerator

let usage = """
    USAGE: specsmith <command> [options]

    COMMANDS:
    \(Command.allCases.map { "  \($0.rawValue.padding(toLength: 10, withPad: " ", startingAt: 0))\($0.summary)" }.joined(separator: "\n"))

    Run `specsmith <command> --help` for a command's options.
    """

func fail(_ message: String, status: ExitStatus = .usage) -> Never {
    FileHandle.standardError.write(Data("specsmith: \(message)\n".utf8))
    exit(status.rawValue)
}

var words = Array(CommandLine.arguments.dropFirst())
guard let first = words.first else { fail(usage) }
if first == "--help" || first == "-h" || first == "help" {
    print(usage)
    exit(0)
}
guard let command = Command(rawValue: first) else { fail("unknown command \"\(first)\"\n\n\(usage)") }
words.removeFirst()

let arguments: Arguments
do {
    let options: Set<String> =
        switch command {
        case .diff: ["against", "format", "fail-on", "title"]
        case .verify: ["base-url", "key", "token", "host", "timeout"]
        default: ["root", "sources", "output", "o", "single-file", "part", "config"]
        }
    arguments = try Arguments(words, flags: ["help", "h"], options: options)
} catch {
    fail("\(error.description)\n\n\(command.help)", status: command == .verify ? .unusable : .usage)
}
if arguments.flags.contains("help") || arguments.flags.contains("h") {
    print(command.help)
    exit(0)
}
if command == .openapi {
    if arguments.positional.isEmpty { fail("openapi needs a spec file\n\n\(command.help)") }
    let root = URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
    let runner = CommandRunner(root: root, sources: root, regenerateCommand: "")
    exit(runner.openapi(arguments).rawValue)
}
if command == .verify {
    let root = URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
    exit(CommandRunner(root: root, sources: root, regenerateCommand: "").verify(arguments).rawValue)
}
if command == .diff {
    let root = URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
    exit(CommandRunner(root: root, sources: root, regenerateCommand: "").diff(arguments).rawValue)
}

let discovery: SpecDiscovery
do {
    discovery = try SpecDiscovery.find(
        specs: arguments.positional, config: arguments.options["config"],
        root: URL(
            fileURLWithPath: arguments.options["root"] ?? FileManager.default.currentDirectoryPath, isDirectory: true))
} catch {
    FileHandle.standardError.write(Data("\(error.description)\n".utf8))
    exit(error.status.rawValue)
}
var jobs = discovery.jobs
if let single = arguments.options["single-file"] {
    guard jobs.count == 1, let job = jobs.first else { fail("--single-file takes exactly one spec") }
    let parts: [String: SpecsmithGenerator.File.Module] = ["sdk": .sdk, "mock": .mock, "backend": .backend]
    guard let module = parts[arguments.options["part"] ?? "sdk"] else { fail("--part must be sdk, mock or backend") }
    jobs = [SpecJob(specPath: job.specPath, placements: .only(module, at: .singleFile(URL(fileURLWithPath: single))))]
}
let sources = arguments.options["sources"].map { URL(fileURLWithPath: $0, isDirectory: true) }
let runner = CommandRunner(
    root: discovery.root, sources: sources ?? discovery.root.appendingPathComponent("Sources", isDirectory: true),
    regenerateCommand: regenerateCommand(for: words, origin: discovery.origin))
let status: ExitStatus =
    switch command {
    case .lint: runner.lint(jobs)
    case .generate: runner.generate(jobs, summary: arguments.options["single-file"] == nil)
    case .check: runner.check(jobs)
    case .openapi, .diff, .verify: .usage
    }
exit(status.rawValue)
