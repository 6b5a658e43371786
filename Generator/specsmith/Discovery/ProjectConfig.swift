import Foundation
import SpecsmithCore

/// `specsmith.json` at a package's root: the package's specs and where each one's output is kept.
///
/// ```json
/// {
///   "specsmith": 1,
///   "specs": [
///     "Spec/payments.json",
///     {
///       "spec": "Sources/LoyaltyAPI/loyalty.specsmith.json",
///       "sdk": false,
///       "mock": "Sources/LoyaltyAPIMock/LoyaltyAPIMock.swift"
///     }
///   ]
/// }
/// ```
///
/// Paths are relative to the folder that holds the config, which is the package root. A part given as
/// a `.swift` path is merged into that one file, any other path is a folder of one file per concern,
/// `false` keeps nothing, and a part left out goes to its standard folder (the articles follow the SDK:
/// with `"sdk": false` they are not kept either unless `docs` says where).
struct ProjectConfig: Equatable {
    static let fileName = "specsmith.json"
    static let version = "1"

    var jobs: [SpecJob]

    /// Reads and checks the config at `url`, reporting every problem at once against `display`.
    static func read(at url: URL, display: String) throws(DiscoveryFailure) -> ProjectConfig {
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw .configMissing(path: display)
        }
        guard let text = String(data: data, encoding: .utf8) else { throw .configUnreadable(path: display) }
        let node: JSONNode
        do {
            node = try JSONParser.parse(text)
        } catch {
            throw .configInvalid(path: display, problems: [Diagnostic(.error, error.message, at: error.location)])
        }
        var reader = ConfigReader(folder: url.deletingLastPathComponent())
        let jobs = reader.read(node)
        guard !reader.diagnostics.hasErrors else {
            throw .configInvalid(path: display, problems: reader.diagnostics.sorted)
        }
        return ProjectConfig(jobs: jobs)
    }
}
