// Hand-written: where the SDK keeps its state between launches is a platform decision, not a wire one.
import Foundation

/// Where an installation's state (subscription id, pending operations, reported events) survives relaunches.
///
/// `save` must replace the whole state atomically: a crash leaves the old or the new state, never a mix.
public protocol InstallationStore: Sendable {
    /// The state last saved, or `nil` when there is none yet.
    func load() throws -> Data?
    /// Replaces the saved state.
    func save(_ data: Data) throws
}

/// Keeps the state in one file, replaced atomically on every change: the Linux default.
public struct FileInstallationStore: InstallationStore {
    /// The file.
    public let url: URL

    /// A store in `url`; its folder is created when missing.
    public init(url: URL) {
        self.url = url
    }

    /// The default file: `OpenNotification/installation.json` in Application Support.
    public static var standard: FileInstallationStore {
        let base =
            FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask).first
            ?? FileManager.default.temporaryDirectory
        return FileInstallationStore(
            url: base.appendingPathComponent("OpenNotification").appendingPathComponent("installation.json"))
    }

    public func load() throws -> Data? {
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        return try Data(contentsOf: url)
    }

    public func save(_ data: Data) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: url, options: .atomic)
    }
}

/// Keeps the state under one key of `UserDefaults.standard`: the default on Apple platforms.
public struct UserDefaultsInstallationStore: InstallationStore {
    /// The key.
    public let key: String

    /// A store under `key`.
    public init(key: String = "OpenNotification.installation") {
        self.key = key
    }

    public func load() throws -> Data? {
        UserDefaults.standard.data(forKey: key)
    }

    public func save(_ data: Data) throws {
        UserDefaults.standard.set(data, forKey: key)
    }
}
