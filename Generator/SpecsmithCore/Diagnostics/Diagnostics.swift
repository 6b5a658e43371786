/// Collects every problem of one run, so a user sees them all at once instead of one per attempt.
public struct Diagnostics: Sendable {
    public private(set) var all: [Diagnostic] = []

    public init() {}

    public var hasErrors: Bool { all.contains { $0.severity == .error } }

    public mutating func error(_ message: String, at location: SourcePosition, note: String? = nil) {
        all.append(Diagnostic(.error, message, at: location, note: note))
    }

    public mutating func warning(_ message: String, at location: SourcePosition, note: String? = nil) {
        all.append(Diagnostic(.warning, message, at: location, note: note))
    }

    /// The diagnostics in file order, each rendered against `file`.
    public func rendered(file: String) -> String {
        sorted.map { $0.rendered(file: file) }.joined(separator: "\n")
    }

    /// File order; ties keep the order they were found in.
    public var sorted: [Diagnostic] {
        all.enumerated().sorted { ($0.element.location, $0.offset) < ($1.element.location, $1.offset) }.map(\.element)
    }
}
