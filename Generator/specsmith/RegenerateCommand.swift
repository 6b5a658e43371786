import Foundation

/// The command that rewrites what `specsmith check <words>` compared: `generate` with the same words,
/// and, when the specs were found rather than named, the plugin that finds them the same way.
func regenerateCommand(for words: [String], origin: SpecDiscovery.Origin) -> String {
    let quoted = words.map(shellQuoted)
    let cli = (["swift", "run", "specsmith", "generate"] + quoted).joined(separator: " ")
    guard origin != .commandLine, !words.contains(where: { $0.hasPrefix("--root") || $0.hasPrefix("--config") })
    else { return cli }
    let plugin = (["swift", "package", "plugin", "--allow-writing-to-package-directory", "generate-sdk"] + quoted)
    return plugin.joined(separator: " ") + "   (or: \(cli))"
}

/// `word` as a POSIX shell reads it back: bare when it holds only safe characters, else in single quotes.
func shellQuoted(_ word: String) -> String {
    let safe = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./=:@+,")
    if !word.isEmpty, word.allSatisfy(safe.contains) { return word }
    return "'" + word.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
}
