extension SpecDiff {
    /// A Markdown changelog section for the SDK's users: what breaks their code or their shipped
    /// apps and what to change, what may affect them, what is new, and the rest.
    ///
    /// - Parameter title: The section's heading, such as the new version number.
    public func changelog(title: String) -> String {
        var lines = ["## \(title)", "", "Version bump: **\(bump.rawValue)**. \(bumpReason)"]
        func section(_ heading: String, _ entries: [SpecChange]) {
            guard !entries.isEmpty else { return }
            lines += ["", "### \(heading)", ""]
            for change in entries {
                var entry = "- \(change.summary)"
                var why: [String] = []
                if change.swift.compatibility > .compatible { why.append("Your code: \(change.swift.reason).") }
                if change.wire.compatibility > .compatible { why.append("On the wire: \(change.wire.reason).") }
                if !why.isEmpty { entry += " " + why.joined(separator: " ") }
                if !change.migration.isEmpty { entry += " **What to do:** \(change.migration)" }
                lines.append(entry)
            }
        }
        let breaking = changes.filter { $0.compatibility == .breaking }
        let potentially = changes.filter { $0.compatibility == .potentiallyBreaking }
        let compatible = changes.filter { $0.compatibility == .compatible }
        section("Breaking changes", breaking)
        section("Changes that may affect you", potentially)
        section("Added", compatible.filter(\.isAddition))
        section("Other changes", compatible.filter { !$0.isAddition })
        if changes.isEmpty { lines += ["", "No changes to the API."] }
        return lines.joined(separator: "\n") + "\n"
    }
}
