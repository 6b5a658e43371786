import SpecsmithRuntime

/// Value types: their base, validation rules (tightened or loosened), constants and failability.
extension SpecDiffer {
    func valueChanges(
        _ was: ValueDecl, _ now: ValueDecl, before: TypeDecl, after: TypeDecl, usage: Usage
    ) -> [SpecChange] {
        var changes: [SpecChange] = []
        let name = after.name
        if was.base != now.base {
            changes.append(
                SpecChange(
                    "value.base.changed", name,
                    "`\(name)` wraps a \(now.base.rawValue) instead of a \(was.base.rawValue).",
                    wire: usage.isEmpty
                        || Self.wireShape(.primitive(was.base), in: old)
                            == Self.wireShape(.primitive(now.base), in: new)
                        ? .compatible : .breaking("its value is spelled differently"),
                    swift: .breaking("`\(name)(…)` takes and holds another type"),
                    migration: "Create `\(name)` from a `\(now.base.rawValue)`.", old: was.baseLocation,
                    new: now.baseLocation))
        }
        if was.failable != now.failable {
            changes.append(
                SpecChange(
                    "value.failable.changed", name,
                    now.failable
                        ? "`\(name)(…)` returns `nil` instead of throwing."
                        : "`\(name)(…)` throws instead of returning `nil`.",
                    swift: .breaking(
                        now.failable
                            ? "`try \(name)(…)` gives an optional now" : "`\(name)(…)` must be called with `try`"),
                    migration: now.failable
                        ? "Unwrap `\(name)(…)` instead of catching." : "Call `try \(name)(…)` instead of unwrapping.",
                    old: before.location, new: after.location))
        }
        for (rule, direction, location) in ruleChanges(was.rules, now.rules) {
            let tightened = direction != .loosened
            let loosened = direction != .tightened
            let words =
                switch direction {
                case .tightened: "tightened"
                case .loosened: "loosened"
                case .both: "changed"
                }
            var request = WireVerdict.compatible
            var response = WireVerdict.compatible
            if tightened {
                request.oldClients = .breaking("old clients may send values the new server refuses")
                response.newClients = .breaking("an old server may send values new clients refuse")
            }
            if loosened {
                request.newClients = .breaking("new clients may send values an old server refuses")
                response.oldClients = .breaking("the new server may send values old clients refuse")
            }
            changes.append(
                SpecChange(
                    "value.rule.\(words)", name, "The `\(rule)` rule of `\(name)` is \(words).",
                    wire: wire(usage, request: request, response: response),
                    swift: tightened
                        ? .potentially("values the old rules accepted fail `\(name)(…)` now") : .compatible,
                    migration: tightened
                        ? "Check the values you pass to `\(name)(…)` against its new `\(rule)` rule." : "",
                    old: location.old ?? before.location, new: location.new ?? after.location))
        }
        let constants = match(was.constants, now.constants, by: [{ $0.name }])
        for constant in constants.added {
            changes.append(
                SpecChange(
                    "value.constant.added", "\(name).\(constant.name)", "`\(name).\(constant.name)` is added.",
                    new: constant.location))
        }
        for constant in constants.removed {
            changes.append(
                SpecChange(
                    "value.constant.removed", "\(name).\(constant.name)", "`\(name).\(constant.name)` is removed.",
                    swift: .breaking("`\(name).\(constant.name)` is gone"),
                    migration: "Write the value of `\(name).\(constant.name)` yourself, or stop using it.",
                    old: constant.location))
        }
        for (before, after) in constants.pairs where before.value.value != after.value.value {
            changes.append(
                SpecChange(
                    "value.constant.changed", "\(name).\(after.name)",
                    "`\(name).\(after.name)` is \(literal(after.value)) instead of \(literal(before.value)).",
                    swift: .potentially("code that uses `\(name).\(after.name)` sends another value"),
                    old: before.location, new: after.location))
        }
        return changes
    }

    enum RuleDirection { case tightened, loosened, both }

    /// Each rule that differs, by its key, with which way it moved.
    private func ruleChanges(_ was: [ValueDecl.Rule], _ now: [ValueDecl.Rule]) -> [(
        String, RuleDirection, (old: SourcePosition?, new: SourcePosition?)
    )] {
        var keys: [String] = []
        for rule in was + now where !keys.contains(rule.keyName) && rule.keyName != "sdk" { keys.append(rule.keyName) }
        return keys.compactMap { key in
            let before = was.first { $0.keyName == key }
            let after = now.first { $0.keyName == key }
            let at = (old: before?.location, new: after?.location)
            guard let before else { return (key, .tightened, at) }
            guard let after else { return (key, .loosened, at) }
            guard before.kind != after.kind else { return nil }
            switch (before.kind, after.kind) {
            case let (.minLength(a), .minLength(b)): return (key, b > a ? .tightened : .loosened, at)
            case let (.maxLength(a), .maxLength(b)): return (key, b < a ? .tightened : .loosened, at)
            case let (.minimum(a), .minimum(b)): return (key, b > a ? .tightened : .loosened, at)
            case let (.maximum(a), .maximum(b)): return (key, b < a ? .tightened : .loosened, at)
            case let (.scale(a), .scale(b)): return (key, b < a ? .tightened : .loosened, at)
            case let (.allowed(a), .allowed(b)):
                if Set(b).isSubset(of: Set(a)) { return (key, .tightened, at) }
                if Set(a).isSubset(of: Set(b)) { return (key, .loosened, at) }
                return (key, .both, at)
            default: return (key, .both, at)
            }
        }
    }
}
