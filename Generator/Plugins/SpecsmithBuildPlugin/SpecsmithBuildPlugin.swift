import Foundation
import PackagePlugin

/// Generates a client at build time from each `*.specsmith.json` a target keeps among its sources.
/// Nothing is checked in: the output lives in the plugin's work directory.
@main
struct SpecsmithBuildPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let tool = try context.tool(named: "specsmith")
        return target.sourceFiles.filter { $0.url.lastPathComponent.hasSuffix(".specsmith.json") }.map { file in
            let name = String(file.url.lastPathComponent.dropLast(".specsmith.json".count))
            let output = context.pluginWorkDirectoryURL.appending(path: "\(name).generated.swift")
            return .buildCommand(
                displayName: "Generating \(name) from \(file.url.lastPathComponent)",
                executable: tool.url,
                arguments: [
                    "generate", file.url.path, "--root", target.directoryURL.path, "--single-file", output.path,
                    "--part", "sdk",
                ],
                inputFiles: [file.url],
                outputFiles: [output])
        }
    }
}
