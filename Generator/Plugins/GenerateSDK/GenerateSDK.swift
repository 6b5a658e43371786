import Foundation
import PackagePlugin

/// `swift package plugin --allow-writing-to-package-directory generate-sdk`: regenerates every spec in
/// `Spec/` into its modules. All logic lives in the `specsmith` CLI; this only finds the specs and runs it.
@main
struct GenerateSDK: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let root = context.package.directoryURL
        let specFolder = root.appending(path: "Spec")
        let specs = try FileManager.default.contentsOfDirectory(at: specFolder, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "json" && !$0.lastPathComponent.hasSuffix(".schema.json") }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
        guard !specs.isEmpty else {
            Diagnostics.warning("no specs in \(specFolder.path)")
            return
        }
        let tool = try context.tool(named: "specsmith")
        let process = Process()
        process.executableURL = tool.url
        process.currentDirectoryURL = root
        process.arguments = ["generate", "--root", root.path, "Spec"]
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
