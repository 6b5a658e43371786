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
    arguments = try Arguments(
        words, flags: ["help", "h"], options: ["root", "sources", "output", "o", "single-file", "part"])
} catch {
    fail("\(error.description)\n\n\(command.help)")
}
if arguments.flags.contains("help") || arguments.flags.contains("h") {
    print(command.help)
    exit(0)
}
if arguments.positional.isEmpty { fail("\(command.rawValue) needs at least one spec file\n\n\(command.help)") }

let root = URL(
    fileURLWithPath: arguments.options["root"] ?? FileManager.default.currentDirectoryPath, isDirectory: true)
let sources = arguments.options["sources"].map { URL(fileURLWithPath: $0, isDirectory: true) }
let runner = CommandRunner(root: root, sources: sources ?? root.appendingPathComponent("Sources", isDirectory: true))
let status: ExitStatus =
    switch command {
    case .lint: runner.lint(arguments.positional)
    case .generate: runner.generate(arguments)
    case .check: runner.check(arguments.positional)
    case .openapi: runner.openapi(arguments)
    }
exit(status.rawValue)
