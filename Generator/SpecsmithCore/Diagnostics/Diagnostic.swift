/// One problem found in a spec, with where it stands and, where one is obvious, how to fix it.
public struct Diagnostic: Hashable, Sendable, CustomStringConvertible {
    public enum Severity: String, Sendable, Hashable {
        case error
        case warning
    }

    public var severity: Severity
    public var message: String
    public var location: SourcePosition
    /// A short hint that says how to fix the problem, printed as a `note:` line.
    public var note: String?

    public init(_ severity: Severity = .error, _ message: String, at location: SourcePosition, note: String? = nil) {
        self.severity = severity
        self.message = message
        self.location = location
        self.note = note
    }

    public var description: String { rendered(file: "<spec>") }

    /// The diagnostic as a compiler prints it: `file:LINE:COL: error: message`, then the note.
    public func rendered(file: String) -> String {
        var text = "\(file):\(location.line):\(location.column): \(severity.rawValue): \(message)"
        if let note {
            text += "\n\(file):\(location.line):\(location.column): note: \(note)"
        }
        return text
    }
}
