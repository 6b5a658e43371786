import SpecsmithCore

/// Why no list of specs could be made: each case says what was wrong and where to look.
enum DiscoveryFailure: Error, Equatable, CustomStringConvertible {
    /// `--config` names a file that is not there.
    case configMissing(path: String)
    /// The config is not UTF-8 text.
    case configUnreadable(path: String)
    /// The config is not valid JSON or not in the config's shape; every problem, in file order.
    case configInvalid(path: String, problems: [Diagnostic])
    /// No spec path was given, there is no config, and the conventional places hold no spec.
    case nothingFound(root: String)
    /// Spec paths and `--config` were both given, so it is unclear which list to use.
    case specsAndConfig

    var description: String {
        switch self {
        case let .configMissing(path):
            "specsmith: no config file at \(path)"
        case let .configUnreadable(path):
            "specsmith: \(path) is not UTF-8 text"
        case let .configInvalid(path, problems):
            problems.map { $0.rendered(file: path) }.joined(separator: "\n")
        case let .nothingFound(root):
            """
            specsmith: no specs found in \(root): looked for \(ProjectConfig.fileName), Spec/*.json and \
            Sources/**/*.specsmith.json
            specsmith: note: name the specs on the command line, or list them in \(ProjectConfig.fileName)
            """
        case .specsAndConfig:
            "specsmith: give spec paths or --config, not both"
        }
    }

    /// Conflicting arguments are a usage error; everything else is a problem with the user's files.
    var status: ExitStatus {
        self == .specsAndConfig ? .usage : .failure
    }
}
