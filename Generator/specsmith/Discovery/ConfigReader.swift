import Foundation
import SpecsmithCore
import SpecsmithGenerator

/// Turns a parsed `specsmith.json` into spec jobs, collecting every problem instead of stopping at the first.
struct ConfigReader {
    /// The folder paths in the config are relative to.
    let folder: URL
    private(set) var diagnostics = Diagnostics()
    /// Each output path claimed so far, with the part that claimed it, so two parts never share one.
    private var claimed: [String: String] = [:]

    private static let topKeys = ["specsmith", "specs"]
    private static let entryKeys = ["spec", "sdk", "mock", "backend", "docs", "privacy"]
    private static let parts: [(key: String, module: SpecsmithGenerator.File.Module)] = [
        ("sdk", .sdk), ("mock", .mock), ("backend", .backend), ("docs", .documentation), ("privacy", .privacy),
    ]

    init(folder: URL) {
        self.folder = folder
    }

    mutating func read(_ node: JSONNode) -> [SpecJob] {
        guard let members = node.members else {
            diagnostics.error(
                "the config is \(node.kindName), not an object", at: node.location,
                note: #"write {"specs": ["Spec/my-api.json"]}"#)
            return []
        }
        checkKeys(members, known: Self.topKeys, in: "the config")
        if let version = node["specsmith"], version.value != .number(Self.versionText) {
            diagnostics.error(
                "this specsmith reads config version \(Self.versionText), not \(version.text)",
                at: version.location)
        }
        guard let specs = node["specs"] else {
            diagnostics.error(
                #"the config has no "specs" list"#, at: node.location, note: #"add "specs": ["Spec/my-api.json"]"#)
            return []
        }
        guard let entries = specs.elements else {
            diagnostics.error(#""specs" is \#(specs.kindName), not a list of specs"#, at: specs.location)
            return []
        }
        if entries.isEmpty { diagnostics.error(#""specs" lists no spec"#, at: specs.location) }
        return entries.flatMap { readEntry($0) }
    }

    private static var versionText: String { ProjectConfig.version }

    // MARK: - Entries

    private mutating func readEntry(_ entry: JSONNode) -> [SpecJob] {
        if let path = entry.string { return specFiles(path, at: entry.location, sharesOutput: false).map(standardJob) }
        guard let members = entry.members else {
            diagnostics.error(
                #"a spec entry is a path or an object with a "spec" key, not \#(entry.kindName)"#, at: entry.location)
            return []
        }
        checkKeys(members, known: Self.entryKeys, in: "a spec entry")
        guard let specNode = entry["spec"] else {
            diagnostics.error(#"the spec entry has no "spec" path"#, at: entry.location)
            return []
        }
        guard let specPath = specNode.string else {
            diagnostics.error(#""spec" is \#(specNode.kindName), not a path"#, at: specNode.location)
            return []
        }
        var placements = Placements.standard
        for (key, module) in Self.parts {
            if let value = entry[key] {
                placements[module] = placement(value, key: key, module: module, spec: specPath)
            }
        }
        if entry["docs"] == nil, placements.sdk == .notCheckedIn { placements.documentation = .notCheckedIn }
        if entry["privacy"] == nil, placements.sdk == .notCheckedIn { placements.privacy = .notCheckedIn }
        let sharesOutput = Self.parts.contains { placements[$0.module].hasPath }
        return specFiles(specPath, at: specNode.location, sharesOutput: sharesOutput).map {
            SpecJob(specPath: $0, placements: placements)
        }
    }

    private func standardJob(_ path: String) -> SpecJob {
        SpecJob(specPath: path, placements: .standard)
    }

    private mutating func placement(
        _ value: JSONNode, key: String, module: SpecsmithGenerator.File.Module, spec: String
    ) -> Placement {
        switch value.value {
        case .bool(false): return .notCheckedIn
        case .bool(true): return .standard
        case let .string(path) where !path.isEmpty:
            let url = resolve(path)
            if let owner = claimed[url.path] {
                diagnostics.error("\"\(path)\" is already where \(owner) goes", at: value.location)
            }
            claimed[url.path] = "the \(key) of \(spec)"
            if module == .documentation {
                if path.hasSuffix(".swift") {
                    diagnostics.error(
                        #""docs" is a folder of articles, not a Swift file"#, at: value.location,
                        note: "name a folder such as Sources/MyAPI/MyAPI.docc/Generated")
                }
                return .folder(url)
            }
            if module == .privacy {
                // The manifest is one file: a path ending in its extension names it, another its folder.
                return path.hasSuffix(".xcprivacy") ? .singleFile(url) : .folder(url)
            }
            return path.hasSuffix(".swift") ? .singleFile(url) : .folder(url)
        default:
            diagnostics.error(
                "\"\(key)\" is \(value.kindName), not a path or false", at: value.location,
                note: "a .swift path is one file, another path a folder, false keeps nothing")
            return .notCheckedIn
        }
    }

    // MARK: - Paths

    private func resolve(_ path: String) -> URL {
        URL(fileURLWithPath: path, relativeTo: folder).standardizedFileURL
    }

    /// The spec files `path` names: the file, or every spec in the folder.
    private mutating func specFiles(_ path: String, at location: SourcePosition, sharesOutput: Bool) -> [String] {
        let url = resolve(path)
        var isFolder: ObjCBool = false
        guard !path.isEmpty, FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else {
            diagnostics.error(
                "no spec at \"\(path)\"", at: location, note: "paths are relative to the folder of the config")
            return []
        }
        guard isFolder.boolValue else { return [url.path] }
        let files = CommandRunner.specFiles([url.path])
        if files.isEmpty { diagnostics.error("the folder \"\(path)\" holds no *.json spec", at: location) }
        if sharesOutput, files.count > 1 {
            diagnostics.error(
                "the \(files.count) specs in \"\(path)\" cannot share one output path", at: location,
                note: "list each spec in an entry of its own")
        }
        return files
    }

    private mutating func checkKeys(_ members: [JSONNode.Member], known: [String], in place: String) {
        var seen: Set<String> = []
        for member in members {
            if !seen.insert(member.key).inserted {
                diagnostics.error("duplicate key \"\(member.key)\" in \(place)", at: member.keyLocation)
            } else if !known.contains(member.key) {
                let note = closestMatch(to: member.key, in: known).map { "did you mean \"\($0)\"?" }
                diagnostics.error(
                    "unknown key \"\(member.key)\" in \(place)", at: member.keyLocation,
                    note: note ?? "known keys: \(known.joined(separator: ", "))")
            }
        }
    }
}

extension Placement {
    fileprivate var hasPath: Bool {
        switch self {
        case .folder, .singleFile: true
        case .standard, .notCheckedIn: false
        }
    }
}

extension JSONNode {
    /// The value as it reads in a message.
    fileprivate var text: String {
        switch value {
        case let .number(number): number
        case let .string(string): "\"\(string)\""
        case let .bool(bool): "\(bool)"
        default: kindName
        }
    }
}
