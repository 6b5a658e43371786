/// Types: added, removed, renamed, and each kind's members.
extension SpecDiffer {
    func typeChanges() -> [SpecChange] {
        var changes: [SpecChange] = []
        let newNames = Set(new.types.map(\.name))
        for type in new.types {
            let oldName = renamedTypes.first { $0.value == type.name }?.key
            guard let before = old.type(named: oldName ?? type.name) else {
                changes.append(
                    SpecChange(
                        "type.added", type.name, "The \(type.kindName) `\(type.name)` is added.", new: type.location))
                continue
            }
            if let oldName {
                changes.append(
                    SpecChange(
                        "type.renamed", oldName, "`\(oldName)` is now `\(type.name)`; its wire shape is unchanged.",
                        swift: .breaking("`\(oldName)` is gone"),
                        migration: "Write `\(type.name)` instead of `\(oldName)`.", old: before.location,
                        new: type.location))
            }
            changes += typeChanges(before, type)
        }
        for type in old.types where !newNames.contains(type.name) && renamedTypes[type.name] == nil {
            changes.append(
                SpecChange(
                    "type.removed", type.name, "The \(type.kindName) `\(type.name)` is removed.",
                    swift: .breaking("`\(type.name)` is gone"), migration: "Stop using `\(type.name)`.",
                    old: type.location))
        }
        return changes
    }

    private func typeChanges(_ before: TypeDecl, _ after: TypeDecl) -> [SpecChange] {
        let usage = usage(of: before.name)
        switch (before.kind, after.kind) {
        case let (.structure(was), .structure(now)):
            return fieldChanges(was, now, of: after, usage: usage)
        case let (.enumeration(was), .enumeration(now)):
            return enumChanges(was, now, of: after, usage: usage)
        case let (.union(was), .union(now)):
            return unionChanges(was, now, of: after, usage: usage)
        case let (.value(was), .value(now)):
            return valueChanges(was, now, before: before, after: after, usage: usage)
        default:
            return [
                SpecChange(
                    "type.kind.changed", after.name,
                    "`\(after.name)` is a \(after.kindName) instead of a \(before.kindName).",
                    wire: usage.isEmpty ? .compatible : .breaking("its values travel in another shape"),
                    swift: .breaking(
                        "code written for a \(before.kindName) does not compile against a \(after.kindName)"),
                    migration: "Rewrite your uses of `\(after.name)` for its new shape.", old: before.location,
                    new: after.location)
            ]
        }
    }

    // MARK: - Enums

    private func enumChanges(_ was: EnumDecl, _ now: EnumDecl, of type: TypeDecl, usage: Usage) -> [SpecChange] {
        var changes: [SpecChange] = []
        let name = type.name
        if was.isOpen != now.isOpen {
            changes.append(
                SpecChange(
                    now.isOpen ? "enum.opened" : "enum.closed", name,
                    now.isOpen
                        ? "`\(name)` is open now: unknown values decode as `.unknown(raw)`."
                        : "`\(name)` is closed now: an unknown value fails decoding.",
                    wire: now.isOpen
                        ? .compatible
                        : wire(
                            usage, request: .compatible,
                            response: WireVerdict(
                                newClients: .potentially("a value the spec does not list fails decoding"))),
                    swift: .breaking(
                        now.isOpen
                            ? "switches lack `.unknown`, and `\(name)(rawValue:)` is no longer optional"
                            : "`.unknown` is gone, and `\(name)(rawValue:)` is optional"),
                    migration: now.isOpen
                        ? "Handle `.unknown(_)` in every `switch` over `\(name)`."
                        : "Remove `.unknown` from your switches over `\(name)`.", old: type.location, new: type.location
                ))
        }
        let cases = match(was.cases, now.cases, by: [{ $0.wireValue }, { $0.name }])
        for item in cases.added {
            changes.append(
                SpecChange(
                    "enum.case.added", "\(name).\(item.name)",
                    "`\(name)` has a new case `.\(item.name)` (\"\(item.wireValue)\").",
                    wire: wire(
                        usage,
                        request: WireVerdict(
                            newClients: .potentially("an old server refuses \"\(item.wireValue)\" from new clients")),
                        response: WireVerdict(
                            oldClients: now.isOpen
                                ? .compatible : .breaking("old clients cannot decode \"\(item.wireValue)\""))),
                    swift: .breaking("a `switch` over `\(name)` that lists every case no longer compiles"),
                    migration: "Handle `.\(item.name)` in every `switch` over `\(name)`.", new: item.location))
        }
        for item in cases.removed {
            changes.append(
                SpecChange(
                    "enum.case.removed", "\(name).\(item.name)",
                    "`\(name).\(item.name)` (\"\(item.wireValue)\") is removed.",
                    wire: wire(
                        usage,
                        request: WireVerdict(
                            oldClients: .breaking(
                                "old clients may send \"\(item.wireValue)\", which the new server refuses")),
                        response: WireVerdict(
                            newClients: was.isOpen && now.isOpen
                                ? .potentially("an old server's \"\(item.wireValue)\" decodes as `.unknown`")
                                : .breaking("new clients cannot decode an old server's \"\(item.wireValue)\""))),
                    swift: .breaking("`.\(item.name)` is gone"),
                    migration: "Remove `.\(item.name)` from your code that uses `\(name)`.", old: item.location))
        }
        for (before, after) in cases.pairs {
            if before.name != after.name {
                changes.append(
                    SpecChange(
                        "enum.case.renamed", "\(name).\(before.name)",
                        "`\(name).\(before.name)` is now `.\(after.name)`; the wire value \"\(after.wireValue)\" is unchanged.",
                        swift: .breaking("`.\(before.name)` is gone"),
                        migration: "Write `.\(after.name)` instead of `.\(before.name)`.", old: before.location,
                        new: after.location))
            }
            if before.wireValue != after.wireValue {
                changes.append(
                    SpecChange(
                        "enum.case.wire.changed", "\(name).\(after.name)",
                        "`\(name).\(after.name)` travels as \"\(after.wireValue)\" instead of \"\(before.wireValue)\".",
                        wire: usage.isEmpty
                            ? .compatible : .breaking("each side sends a value the other does not know"),
                        old: before.location, new: after.location))
            }
        }
        return changes
    }

    // MARK: - Unions

    private func unionChanges(_ was: UnionDecl, _ now: UnionDecl, of type: TypeDecl, usage: Usage) -> [SpecChange] {
        var changes: [SpecChange] = []
        let name = type.name
        if was.discriminator != now.discriminator {
            changes.append(
                SpecChange(
                    "union.discriminator.changed", name,
                    "`\(name)` is told apart by \(now.discriminator.map { "`\($0)`" } ?? "shape") instead of \(was.discriminator.map { "`\($0)`" } ?? "shape").",
                    wire: usage.isEmpty
                        ? .compatible : .breaking("neither side finds the case where the other puts it"),
                    old: type.location, new: type.location))
        }
        let cases = match(was.cases, now.cases, by: [{ $0.wireValue }, { $0.name }])
        for item in cases.added {
            changes.append(
                SpecChange(
                    "union.case.added", "\(name).\(item.name)", "`\(name)` has a new case `.\(item.name)`.",
                    wire: wire(
                        usage,
                        request: WireVerdict(newClients: .potentially("an old server refuses the new case")),
                        response: WireVerdict(oldClients: .breaking("old clients cannot decode the new case"))),
                    swift: .breaking("a `switch` over `\(name)` that lists every case no longer compiles"),
                    migration: "Handle `.\(item.name)` in every `switch` over `\(name)`.", new: item.location))
        }
        for item in cases.removed {
            changes.append(
                SpecChange(
                    "union.case.removed", "\(name).\(item.name)", "`\(name).\(item.name)` is removed.",
                    wire: wire(
                        usage,
                        request: WireVerdict(
                            oldClients: .breaking("old clients may send it; the new server refuses it")),
                        response: WireVerdict(newClients: .breaking("new clients cannot decode it from an old server"))),
                    swift: .breaking("`.\(item.name)` is gone"),
                    migration: "Remove `.\(item.name)` from your code that uses `\(name)`.", old: item.location))
        }
        for (before, after) in cases.pairs {
            let subject = "\(name).\(after.name)"
            if before.name != after.name {
                changes.append(
                    SpecChange(
                        "union.case.renamed", "\(name).\(before.name)",
                        "`\(name).\(before.name)` is now `.\(after.name)`; the wire is unchanged.",
                        swift: .breaking("`.\(before.name)` is gone"),
                        migration: "Write `.\(after.name)` instead of `.\(before.name)`.", old: before.location,
                        new: after.location))
            }
            // A case without a payload has no payload key to move.
            let keyMoved = (before.payload != nil || after.payload != nil) && before.payloadField != after.payloadField
            if before.wireValue != after.wireValue || keyMoved {
                changes.append(
                    SpecChange(
                        "union.case.wire.changed", subject, "`\(subject)` is tagged or keyed differently on the wire.",
                        wire: usage.isEmpty
                            ? .compatible : .breaking("each side looks for the case where the other does not put it"),
                        old: before.location, new: after.location))
            }
            if before.payload.map(renamed) != after.payload {
                let shapesMatch =
                    before.payload.flatMap { was in after.payload.map { wireShapesMatch(was, $0) } } ?? false
                changes.append(
                    SpecChange(
                        "union.case.payload.changed", subject,
                        "`\(subject)` carries \(after.payload.map { "`\($0)`" } ?? "nothing") instead of \(before.payload.map { "`\($0)`" } ?? "nothing").",
                        wire: usage.isEmpty || shapesMatch ? .compatible : .breaking("the payload has another shape"),
                        swift: .breaking("patterns that bind the old payload no longer compile"),
                        migration: "Adapt your `case .\(after.name)` patterns to the new payload.",
                        old: before.payloadLocation, new: after.payloadLocation))
            }
        }
        return changes
    }
}
