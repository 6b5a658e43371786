import Foundation
import PackagePlugin

/// `swift package plugin --allow-writing-to-package-directory generate-sdk [specs or options]`: regenerates
/// the kept code of every spec of the package.
///
/// All logic lives in the `specsmith` CLI: this runs `specsmith generate` at the package root, which finds
/// the specs the way `specsmith check` does (those named, else those `specsmith.json` lists, else
/// `Spec/*.json` and every `*.specsmith.json` under `Sources/`), so the plugin writes exactly what `check`
/// compares. Arguments after the verb are passed on.
@main
struct GenerateSDK: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let root = context.package.directoryURL
        let tool = try context.tool(named: "specsmith")
        let process = Process()
        process.executableURL = tool.url
        process.currentDirectoryURL = root
        // The user's own arguments come last, so a `--root` or `--config` of theirs wins.
        process.arguments = ["generate", "--root", root.path] + arguments
        try process.run()
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            throw GenerationFailed(status: process.terminationStatus)
        }
    }
}

struct GenerationFailed: Error, CustomStringConvertible {
    var status: Int32
    var description: String { "specsmith generate failed with status \(status); see the diagnostics above" }
}
