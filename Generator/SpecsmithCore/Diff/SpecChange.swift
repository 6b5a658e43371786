/// How much a change to a spec costs the people on one side of it.
public enum Compatibility: String, Sendable, Hashable, Comparable, CaseIterable {
    /// Nothing that worked stops working.
    case compatible
    /// Some uses break: code that relies on a behaviour, or a value only some calls send.
    case potentiallyBreaking = "potentially breaking"
    /// Code or traffic that worked before fails now.
    case breaking

    private var rank: Int {
        switch self {
        case .compatible: 0
        case .potentiallyBreaking: 1
        case .breaking: 2
        }
    }

    public static func < (lhs: Compatibility, rhs: Compatibility) -> Bool { lhs.rank < rhs.rank }
}

/// A verdict with the reason for it; the reason is empty when nothing changes for that side.
public struct Verdict: Sendable, Hashable {
    public var compatibility: Compatibility
    public var reason: String

    public init(_ compatibility: Compatibility, _ reason: String = "") {
        self.compatibility = compatibility
        self.reason = reason
    }

    public static let compatible = Verdict(.compatible)
}

/// What a change does on the wire, in both directions of a rollout.
public struct WireVerdict: Sendable, Hashable {
    /// Apps built with the old SDK talking to a server that follows the new spec.
    public var oldClients: Verdict
    /// Apps built with the new SDK talking to a server that still follows the old spec.
    public var newClients: Verdict

    public init(oldClients: Verdict = .compatible, newClients: Verdict = .compatible) {
        self.oldClients = oldClients
        self.newClients = newClients
    }

    public static let compatible = WireVerdict()

    /// The worse of the two directions.
    public var compatibility: Compatibility { max(oldClients.compatibility, newClients.compatibility) }

    /// The reasons of the directions that are not compatible, each named.
    public var reason: String {
        var parts: [String] = []
        if oldClients.compatibility > .compatible { parts.append("old clients × new server: \(oldClients.reason)") }
        if newClients.compatibility > .compatible { parts.append("new clients × old server: \(newClients.reason)") }
        return parts.joined(separator: "; ")
    }
}

/// One difference between two versions of a spec, judged for the wire and for app code.
public struct SpecChange: Sendable, Hashable {
    /// What kind of change it is, stable for tools (`field.added`, `enum.case.removed`).
    public var kind: String
    /// What changed, by its Swift path in the old spec (the new one for additions): `Card.number`.
    public var subject: String
    /// One sentence saying what changed.
    public var summary: String
    public var wire: WireVerdict
    /// App code written against the old generated SDK, compiled against the new one.
    public var swift: Verdict
    /// What an app developer changes in their code, for the changelog; empty when nothing.
    public var migration: String
    /// Where the change stands in the old spec, if it is there.
    public var oldLocation: SourcePosition?
    /// Where the change stands in the new spec, if it is there.
    public var newLocation: SourcePosition?

    public init(
        _ kind: String, _ subject: String, _ summary: String, wire: WireVerdict = .compatible,
        swift: Verdict = .compatible, migration: String = "", old: SourcePosition? = nil, new: SourcePosition? = nil
    ) {
        self.kind = kind
        self.subject = subject
        self.summary = summary
        self.wire = wire
        self.swift = swift
        self.migration = migration
        oldLocation = old
        newLocation = new
    }

    /// The worse of the wire and Swift verdicts.
    public var compatibility: Compatibility { max(wire.compatibility, swift.compatibility) }

    /// Whether it adds something users can now use: a minor version, when nothing breaks.
    public var isAddition: Bool { kind.hasSuffix(".added") }
}
