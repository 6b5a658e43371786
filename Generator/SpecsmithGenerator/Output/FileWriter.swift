import Foundation

/// Writes generated text only when its bytes change, so builds that watch timestamps stay incremental.
public enum FileWriter {
    /// Writes `contents` to `url` unless the file already holds exactly these bytes.
    /// - Returns: Whether the file was written.
    @discardableResult
    public static func write(_ contents: String, to url: URL) throws -> Bool {
        let data = Data(contents.utf8)
        if FileManager.default.contents(atPath: url.path) == data { return false }
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: url, options: .atomic)
        return true
    }
}
