import Foundation
import SpecsmithGenerator

/// One spec to read, and where each part of what it generates is kept.
struct SpecJob: Equatable {
    /// The spec file, absolute or relative to the current directory.
    var specPath: String
    var placements: Placements
}

/// Where one part of a spec's output (SDK, mock, backend client, reference articles, privacy manifest)
/// is kept.
enum Placement: Equatable {
    /// The standard folder: `<sources>/<module>/Generated`, or `<module>.docc/Generated` for articles.
    case standard
    /// One file per concern in this folder.
    case folder(URL)
    /// Every declaration of the part merged into this one Swift file (for the privacy manifest: the
    /// manifest at this path).
    case singleFile(URL)
    /// Nothing is kept (the build-tool plugin makes it, or nobody wants it); the part is still generated,
    /// so a spec the generator cannot handle fails here too.
    case notCheckedIn

    /// Whether `generate` writes the part and `check` compares it.
    var isCheckedIn: Bool { self != .notCheckedIn }
}

/// The placement of each part of one spec's output.
struct Placements: Equatable {
    var sdk: Placement
    var mock: Placement
    var backend: Placement
    var documentation: Placement
    /// The privacy manifest, `PrivacyInfo.xcprivacy` in the SDK module's folder by default.
    var privacy: Placement = .standard

    /// Every part in its standard folder: what `specsmith generate <spec>` has always done.
    static let standard = Placements(sdk: .standard, mock: .standard, backend: .standard, documentation: .standard)

    /// A spec kept in a target's folder belongs to the build-tool plugin, which generates the SDK at build
    /// time; the mock and the backend client, which a target of their own compiles, are kept as usual.
    /// The SDK target's own manifest is the user's to write (a config entry's `"privacy"` keeps one).
    static let buildPlugin = Placements(
        sdk: .notCheckedIn, mock: .standard, backend: .standard, documentation: .notCheckedIn, privacy: .notCheckedIn)

    /// Only `module`, at `placement`; nothing else is kept.
    static func only(_ module: SpecsmithGenerator.File.Module, at placement: Placement) -> Placements {
        var placements = Placements(
            sdk: .notCheckedIn, mock: .notCheckedIn, backend: .notCheckedIn, documentation: .notCheckedIn,
            privacy: .notCheckedIn)
        placements[module] = placement
        return placements
    }

    subscript(module: SpecsmithGenerator.File.Module) -> Placement {
        get {
            switch module {
            case .sdk: sdk
            case .mock: mock
            case .backend: backend
            case .documentation: documentation
            case .privacy: privacy
            }
        }
        set {
            switch module {
            case .sdk: sdk = newValue
            case .mock: mock = newValue
            case .backend: backend = newValue
            case .documentation: documentation = newValue
            case .privacy: privacy = newValue
            }
        }
    }
}

extension SpecsmithGenerator.File.Module {
    /// The part's name as the config and the command line spell it.
    var partName: String {
        switch self {
        case .sdk: "sdk"
        case .mock: "mock"
        case .backend: "backend"
        case .documentation: "docs"
        case .privacy: "privacy"
        }
    }
}
