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
        if arguments.isEmpty, !FileManager.default.fileExists(atPath: root.appending(path: "specsmith.json").path) {
            warnAboutSpecsOutsideSources(context.package, root: root)
        }
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

/// Without a config, the CLI looks for target specs under `Sources/` only; a target kept elsewhere
/// (`path:` in the manifest) is known here, so say how to have its spec found instead of skipping it.
private func warnAboutSpecsOutsideSources(_ package: Package, root: URL) {
    let sources = root.appending(path: "Sources").standardizedFileURL.path + "/"
    for case let target as SourceModuleTarget in package.targets {
        for file in target.sourceFiles where file.url.lastPathComponent.hasSuffix(".specsmith.json") {
            guard !file.url.standardizedFileURL.path.hasPrefix(sources) else { continue }
            Diagnostics.warning(
                "\(file.url.path) is outside Sources/, so generate-sdk and specsmith check do not find it; "
                    + "list it in specsmith.json at the package root")
        }
    }
}

struct GenerationFailed: Error, CustomStringConvertible {
    var status: Int32
    var description: String { "specsmith generate failed with status \(status); see the diagnostics above" }
}
