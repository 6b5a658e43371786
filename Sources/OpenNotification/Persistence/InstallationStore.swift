// Hand-written: where the SDK keeps its state between launches is a platform decision, not a wire one.
import Foundation

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// Where an installation's state (subscription id, opt-out, pending operations, reported events)
/// survives relaunches.
///
/// `save` must replace the whole state atomically: a crash leaves the old or the new state, never a
/// mix. A store that also keeps a last good copy lets the SDK recover when the state itself becomes
/// unreadable.
public protocol InstallationStore: Sendable {
    /// The state last saved, or `nil` when there is none yet.
    func load() throws -> Data?
    /// Replaces the saved state.
    func save(_ data: Data) throws
    /// The copy kept beside the state, read when the state cannot be; `nil` when there is none.
    func loadLastGood() throws -> Data?
}

extension InstallationStore {
    /// No copy: a store that keeps none.
    public func loadLastGood() throws -> Data? { nil }
}

/// Keeps the state in one owner-only file (and its last good copy beside it), replaced atomically on
/// every change: the Linux default.
public struct FileInstallationStore: InstallationStore {
    /// The file.
    public let url: URL

    /// A store in `url`; its folder is created, owner-only, when missing.
    public init(url: URL) {
        self.url = url
    }

    /// The default file: `OpenNotification/installation.json` in Application Support (on Linux,
    /// `$XDG_DATA_HOME` or `~/.local/share`); never a temporary folder, which the system may empty.
    public static var standard: FileInstallationStore {
        let base =
            FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask).first
            ?? URL(fileURLWithPath: NSHomeDirectory()).appendingPathComponent("Library/Application Support")
        return FileInstallationStore(
            url: base.appendingPathComponent("OpenNotification").appendingPathComponent("installation.json"))
    }

    /// The last good copy: the same bytes as the state, written first, so a damaged state file can
    /// be recovered.
    public var lastGoodURL: URL { url.appendingPathExtension("lastgood") }

    public func load() throws -> Data? {
        try Self.read(url)
    }

    public func loadLastGood() throws -> Data? {
        try Self.read(lastGoodURL)
    }

    public func save(_ data: Data) throws {
        let folder = url.deletingLastPathComponent()
        try FileManager.default.createDirectory(
            at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        try Self.write(data, to: lastGoodURL)
        try Self.write(data, to: url)
    }

    private static func read(_ url: URL) throws -> Data? {
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        return try Data(contentsOf: url)
    }

    /// Writes a temporary file created owner-only (never readable by others, not even for a moment),
    /// then renames it over `url`.
    private static func write(_ data: Data, to url: URL) throws {
        let temporary = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).new")
        guard
            FileManager.default.createFile(
                atPath: temporary.path, contents: data, attributes: [.posixPermissions: 0o600])
        else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: temporary.path])
        }
        // createFile keeps the mode of a file that was there already; make sure of it.
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: temporary.path)
        guard rename(temporary.path, url.path) == 0 else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path])
        }
    }
}

/// Keeps the state under one key of `UserDefaults.standard`, and its last good copy under a second:
/// the default on Apple platforms.
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

    public func loadLastGood() throws -> Data? {
        UserDefaults.standard.data(forKey: key + ".lastGood")
    }

    public func save(_ data: Data) throws {
        UserDefaults.standard.set(data, forKey: key + ".lastGood")
        UserDefaults.standard.set(data, forKey: key)
    }
}
