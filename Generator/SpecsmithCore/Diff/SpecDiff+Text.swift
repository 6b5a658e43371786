/// The files a diff compared, as its reports name them.
public struct DiffSides: Sendable {
    /// The old spec as locations name it: `Spec/paymentkit.json@v1.2.0`.
    public var old: String
    /// The new spec as locations name it.
    public var new: String

    public init(old: String, new: String) {
        self.old = old
        self.new = new
    }

    /// `old:LINE:COL → new:LINE:COL`, with only the sides the change stands on.
    func locations(of change: SpecChange) -> String {
        let was = change.oldLocation.map { "\(old):\($0)" }
        let now = change.newLocation.map { "\(new):\($0)" }
        switch (was, now) {
        case let (was?, now?): return "\(was) → \(now)"
        case let (was?, nil): return "\(was) (removed)"
        case let (nil, now?): return "\(now) (added)"
        case (nil, nil): return ""
        }
    }
}

extension SpecDiff {
    /// The report for people: one block per change with its wire and Swift verdicts side by side,
    /// where it stands in both files and why, then the counts and the recommended bump.
    public func text(_ sides: DiffSides) -> String {
        let width = 22
        func column(_ text: String) -> String { text.padding(toLength: width, withPad: " ", startingAt: 0) }
        var lines = ["specsmith diff \(sides.old) → \(sides.new)", ""]
        if changes.isEmpty {
            lines.append("No changes.")
        } else {
            lines.append(column("WIRE") + column("SWIFT") + "CHANGE")
            for change in changes {
                let indent = String(repeating: " ", count: width * 2)
                lines.append(
                    column(change.wire.compatibility.rawValue) + column(change.swift.compatibility.rawValue)
                        + change.summary)
                lines.append(indent + sides.locations(of: change))
                if change.wire.compatibility > .compatible { lines.append(indent + "wire: " + change.wire.reason) }
                if change.swift.compatibility > .compatible { lines.append(indent + "swift: " + change.swift.reason) }
            }
        }
        lines.append("")
        lines.append(countLine)
        lines.append("Recommended version bump: \(bump.rawValue). \(bumpReason)")
        return lines.joined(separator: "\n") + "\n"
    }

    /// `5 changes: 2 breaking, 1 potentially breaking, 2 compatible.`
    var countLine: String {
        let counts = Compatibility.allCases.reversed().map { level in
            "\(changes.filter { $0.compatibility == level }.count) \(level.rawValue)"
        }
        return "\(plural(changes.count, "change", "changes")): \(counts.joined(separator: ", "))."
    }
}
