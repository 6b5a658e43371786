import Foundation

/// Finds the specs a command works on and where their output is kept: the specs named on the command
/// line, else those `specsmith.json` lists, else those in the conventional places.
///
/// `generate`, `check`, `lint` and the `generate-sdk` plugin all go through here, so the plugin writes
/// exactly what `check` compares.
struct SpecDiscovery {
    /// Where the list of specs came from, which decides the command that regenerates them.
    enum Origin: Equatable {
        case commandLine
        case config(display: String)
        case conventions
    }

    var jobs: [SpecJob]
    /// The package root: banners and displayed paths are relative to it.
    var root: URL
    var origin: Origin

    /// - Parameters:
    ///   - specs: Spec files or folders named on the command line; each part goes to its standard folder.
    ///   - config: The config `--config` names; without one, `<root>/specsmith.json` is read if present.
    ///   - root: The package root; a config's own folder takes its place.
    /// - Throws: ``DiscoveryFailure`` when the config is missing or wrong, or no spec is found.
    static func find(specs: [String], config: String?, root: URL) throws(DiscoveryFailure) -> SpecDiscovery {
        if !specs.isEmpty {
            guard config == nil else { throw .specsAndConfig }
            let jobs = CommandRunner.specFiles(specs).map { SpecJob(specPath: $0, placements: .standard) }
            return SpecDiscovery(jobs: jobs, root: root, origin: .commandLine)
        }
        if let config {
            return try fromConfig(URL(fileURLWithPath: config).standardizedFileURL, display: config)
        }
        let implicit = root.appendingPathComponent(ProjectConfig.fileName)
        if FileManager.default.fileExists(atPath: implicit.path) {
            return try fromConfig(implicit, display: displayed(implicit))
        }
        let jobs = conventionalJobs(root: root)
        guard !jobs.isEmpty else { throw .nothingFound(root: root.path) }
        return SpecDiscovery(jobs: jobs, root: root, origin: .conventions)
    }

    /// `url` relative to the current directory when it lies inside it, as the user would type it.
    private static func displayed(_ url: URL) -> String {
        let current = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).standardizedFileURL.path + "/"
        let path = url.standardizedFileURL.path
        return path.hasPrefix(current) ? String(path.dropFirst(current.count)) : path
    }

    private static func fromConfig(_ url: URL, display: String) throws(DiscoveryFailure) -> SpecDiscovery {
        let config = try ProjectConfig.read(at: url, display: display)
        return SpecDiscovery(
            jobs: config.jobs, root: url.deletingLastPathComponent(), origin: .config(display: display))
    }

    /// Every spec in `<root>/Spec` (each part in its standard folder), then every `*.specsmith.json` in a
    /// target folder under `<root>/Sources` (the build-tool plugin's, so the SDK is not kept).
    static func conventionalJobs(root: URL) -> [SpecJob] {
        let specFolder = root.appendingPathComponent("Spec", isDirectory: true)
        var isFolder: ObjCBool = false
        let specs =
            FileManager.default.fileExists(atPath: specFolder.path, isDirectory: &isFolder) && isFolder.boolValue
            ? CommandRunner.specFiles([specFolder.path]) : []
        let sources = root.appendingPathComponent("Sources", isDirectory: true)
        let enumerator = FileManager.default.enumerator(
            at: sources, includingPropertiesForKeys: nil, options: [.skipsHiddenFiles])
        var inTargets: [String] = []
        while let file = enumerator?.nextObject() as? URL {
            if file.lastPathComponent.hasSuffix(".specsmith.json") { inTargets.append(file.standardizedFileURL.path) }
        }
        return specs.map { SpecJob(specPath: $0, placements: .standard) }
            + inTargets.sorted().map { SpecJob(specPath: $0, placements: .buildPlugin) }
    }
}
