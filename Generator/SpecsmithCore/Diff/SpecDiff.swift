/// Everything that changed between two versions of a spec, and the version bump it needs.
public struct SpecDiff: Sendable {
    /// A semantic-version increment.
    public enum Bump: String, Sendable, Comparable, CaseIterable {
        case none, patch, minor, major

        private var rank: Int { Self.allCases.firstIndex(of: self) ?? 0 }
        public static func < (lhs: Bump, rhs: Bump) -> Bool { lhs.rank < rhs.rank }
    }

    /// The changes, in the order of the new spec (removals where the old spec had them).
    public var changes: [SpecChange]

    public init(changes: [SpecChange]) {
        self.changes = changes
    }

    /// Compares `old` with `new`. `reexports` names, for modules of the package the SDK lives in,
    /// the modules each re-exports (`@_exported import`): a module renamed in the spec whose old name
    /// still re-exports the new one keeps `import <old name>` working.
    public init(old: Spec, new: Spec, reexports: [String: Set<String>] = [:]) {
        changes = SpecDiffer(old: old, new: new, reexports: reexports).changes()
    }

    /// The bump the changes need: major when app code or apps in the field break, minor when
    /// something is added or may break, patch for any other change.
    public var bump: Bump {
        changes.map(Self.bump(for:)).max() ?? .none
    }

    /// The bump one change needs on its own.
    public static func bump(for change: SpecChange) -> Bump {
        if change.swift.compatibility == .breaking || change.wire.oldClients.compatibility == .breaking {
            return .major
        }
        if change.isAddition || change.compatibility > .compatible { return .minor }
        return .patch
    }

    /// Why the bump is what it is, in one or two sentences.
    public var bumpReason: String {
        let count = { (bump: Bump) in changes.filter { Self.bump(for: $0) == bump }.count }
        var reason: String
        switch bump {
        case .none: return "The specs describe the same API."
        case .major:
            let swift = changes.filter { $0.swift.compatibility == .breaking }.count
            let wire = changes.filter { $0.wire.oldClients.compatibility == .breaking }.count
            var parts: [String] = []
            if swift > 0 {
                parts.append("\(plural(swift, "change breaks", "changes break")) app code written against the old SDK")
            }
            if wire > 0 {
                parts.append("\(plural(wire, "change breaks", "changes break")) apps already shipped with it")
            }
            reason = parts.joined(separator: ", ") + "."
        case .minor:
            reason =
                "\(plural(count(.minor), "change adds", "changes add")) to the API or may break some uses; "
                + "nothing breaks code that compiles today or apps already shipped."
        case .patch:
            reason = "\(plural(count(.patch), "change", "changes")), none of which adds to the API or breaks it."
        }
        let newClients = changes.filter {
            $0.wire.newClients.compatibility == .breaking && $0.wire.oldClients.compatibility != .breaking
        }
        if !newClients.isEmpty {
            reason +=
                " \(plural(newClients.count, "change needs", "changes need")) the server to follow the new spec "
                + "before apps ship the new SDK."
        }
        return reason
    }

    /// The changes that `gate` counts as a failure.
    public func failures(_ gate: Gate) -> [SpecChange] {
        changes.filter { change in
            switch gate {
            case .breaking: change.compatibility == .breaking
            case .wire: change.wire.compatibility == .breaking
            case .source: change.swift.compatibility == .breaking
            }
        }
    }

    /// What `--fail-on` fails a run for.
    public enum Gate: String, Sendable, CaseIterable {
        /// Any breaking change, on the wire or in Swift.
        case breaking
        /// A change that breaks the wire in either direction.
        case wire
        /// A change that breaks app code written against the old SDK.
        case source
    }
}

func plural(_ count: Int, _ one: String, _ many: String) -> String {
    "\(count) \(count == 1 ? one : many)"
}
